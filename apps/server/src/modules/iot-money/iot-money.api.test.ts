import { DurationUnit } from '@simshop/contract/iot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { DAY_MS } from '../../lib/flow-math.ts';
import type { CarrierSimulator } from '../../providers/carrier/simulator.ts';
import {
  addPackage,
  adjust,
  type CardSpec,
  card,
  client,
  deliver,
  expectLedgersExact,
  key,
  makeCard,
  payAtCashier,
  simLogin,
  uniqueMobile,
} from './test-kit.ts';

let t: TestApp;
/** A fixed clock: the demo is seeded at 2026-03-15 10:00 in China; tests move it on from wherever it is. */
let clock = Date.UTC(2026, 2, 15, 2);
beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
});
afterAll(async () => t.close());

const as = async (sn: string) => client(t.app, await simLogin(t.app, sn));
/** A card like the demo's plain SIM: a 200 GB quarterly package in use, ¥36.50, 1280 points, 500 coupon coins. */
const plainCard = (spec: CardSpec = {}) =>
  makeCard(t.app, {
    balance: 3650,
    integral: 1280,
    couponCoin: 500,
    packages: [
      {
        name: '全国通用流量 200GB 季包',
        flowMb: 200 * 1024,
        price: 9900,
        duration: 3,
        unit: DurationUnit.MONTH,
        startsAt: clock - 35 * DAY_MS,
      },
    ],
    now: clock,
    ...spec,
  });
const pkgId = async (name: string) =>
  (await t.app.db.db.selectFrom('iot_packages').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
const entries = async (simNo: string, account = 'balance') =>
  t.app.db.db
    .selectFrom('iot_ledger_entries as e')
    .innerJoin('iot_sims as s', 's.id', 'e.sim_id')
    .select(['e.delta', 'e.balance_after', 'e.reason', 'e.order_no'])
    .where('s.sim_no', '=', simNo)
    .where('e.account', '=', account as never)
    .orderBy('e.id')
    .execute();

describe('catalogue', () => {
  it('packageChoose groups the demo packages, with lifetime, flash sale and balance', async () => {
    const c = await as((await plainCard()).simNo);
    const r = await c.get('/api/iot/packageChoose');
    expect(r.code).toBe(0);
    expect(r.data.base.map((p: any) => p.name)).toContain('Nationwide data 30 GB monthly');
    expect(r.data.base.find((p: any) => p.name === 'Lifetime data 500 GB')).toMatchObject({ isLifetime: true, effects: ['now'] });
    expect(r.data.base.some((p: any) => p.name === 'Unicom 60 GB monthly')).toBe(false);
    expect(r.data.addon).toHaveLength(2);
    expect(r.data.volume.find((p: any) => p.name === 'Pay per use ¥5/GB')).toMatchObject({ kind: 'volume', gPrice: 500, price: 0 });
    const live = r.data.seckill.find((p: any) => p.name === 'Flash sale 50 GB monthly');
    expect(live.seckill).toMatchObject({ stock: 100, sold: 37, left: 63, state: 'ongoing' });
    expect(r.data.seckill.find((p: any) => p.name === "Tomorrow's flash sale 100 GB quarterly").seckill.state).toBe('upcoming');
    expect(r.data).toMatchObject({ balance: 3650, couponCoin: 500, needBuyPackage: false, realnameRequired: false });
  });

  it('packageDetails gives the rules, both EffectModal windows and the coupon coins that apply', async () => {
    const c = await as((await plainCard()).simNo);
    const r = await c.get(`/api/iot/packageDetails?packageId=${await pkgId('全国通用流量 30GB 月包')}`);
    expect(r.code).toBe(0);
    const info = (await c.get('/api/iot/simInfo')).data;
    const [now, next] = r.data.effectOptions;
    expect(now).toMatchObject({ effect: 'now', startsAt: clock });
    expect(next).toMatchObject({ effect: 'next', startsAt: info.endAt });
    expect(r.data.rules.length).toBeGreaterThan(0);
    expect(r.data.coupon).toEqual({ available: 500, maxDeduct: 500, usable: 500 });
    expect(r.data.payMethods.map((m: any) => m.method)).toEqual(['balance', 'sandbox']);
    expect((await c.get('/api/iot/packageDetails?packageId=abc')).message).toMatch(/^Package: /);
    expect((await c.get('/api/iot/packageDetails?packageId=999999')).message).toMatch(/^Package/);
  });
});

describe('buyPackage from the balance', () => {
  it('charges the balance, opens the package, awards points, and the lists show it', async () => {
    const SIM = (await plainCard()).simNo;
    const c = await as(SIM);
    const before = (await c.get('/api/iot/simInfo')).data;
    const id = await pkgId('加油包 5GB 7 天');
    const r = await c.post('/api/iot/buyPackage', { packageId: id, payMethod: 'balance' }, { 'idempotency-key': key() });
    expect(r.code).toBe(0);
    expect(r.data.order).toMatchObject({ kind: 'package', status: 'effective', amount: 500, payAmount: 500, payMethod: 'balance' });
    expect(r.data.order.packageStartsAt).toBe(clock);
    expect(r.data.order.packageEndsAt).toBe(clock + 7 * DAY_MS);
    expect(r.data.payment).toBeNull();
    const after = (await c.get('/api/iot/simInfo')).data;
    expect(after.balance).toBe(before.balance - 500);
    expect(after.totalFlow).toBe(before.totalFlow + 5 * 1024);
    expect(after.integral).toBe(before.integral + 5);
    expect(after.rechargeTimes).toBe(before.rechargeTimes + 1);
    const log = await c.get('/api/iot/simBalanceLogList');
    expect(log.data.list[0]).toMatchObject({
      delta: -500,
      balanceAfter: after.balance,
      reason: 'package_purchase',
      orderNo: r.data.order.orderNo,
    });
    expect(log.data.list.at(-1)).toMatchObject({ reason: 'opening', delta: 3650 });
    const points = await c.get('/api/iot/simBalanceLogList?account=integral');
    expect(points.data.list[0]).toMatchObject({ delta: 5, reason: 'purchase_reward' });
    const list = await c.get('/api/iot/simPackageList');
    expect(list.data.list[0]).toMatchObject({ orderNo: r.data.order.orderNo, status: 'effective' });
    // The order is titled in the reader's language by its package's translation.
    const headers = await simLogin(t.app, SIM);
    const reader = (language: string) => client(t.app, { ...headers, 'accept-language': language });
    expect((await reader('en').get('/api/iot/simPackageList')).data.list[0].title).toBe('Top-up pack 5 GB 7 days');
    expect((await reader('en').get(`/api/iot/orderDetails?orderNo=${r.data.order.orderNo}`)).data.order.title).toBe(
      'Top-up pack 5 GB 7 days',
    );
    expect((await reader('zh-Hans').get('/api/iot/simPackageList')).data.list[0].title).toBe('加油包 5GB 7 天');
    await expectLedgersExact(t.app, [SIM]);
  });

  it('"next" queues a base package after the current one; coupon coins pay part of it', async () => {
    const SIM = (await plainCard()).simNo;
    const c = await as(SIM);
    const before = await card(t.app, SIM);
    const r = await c.post('/api/iot/buyPackage', {
      packageId: await pkgId('全国通用流量 30GB 月包'),
      effect: 'next',
      useCouponCoin: true,
    });
    expect(r.code).toBe(0);
    expect(r.data.order).toMatchObject({ status: 'effective', amount: 1990, coinAmount: 500, payAmount: 1490, effect: 'next' });
    expect(r.data.order.packageStartsAt).toBe(before.end_at);
    const after = await card(t.app, SIM);
    expect(after.balance).toBe(before.balance - 1490);
    expect(after.coupon_coin).toBe(before.coupon_coin - 500);
    expect(after.end_at).toBe(r.data.order.packageEndsAt);
    expect(after.total_flow).toBe(before.total_flow);
    await expectLedgersExact(t.app, [SIM]);
  });

  it('refuses what the balance cannot pay, bad input naming the field, and an effect the package does not offer', async () => {
    const sn = (await makeCard(t.app, { balance: 800, now: clock })).simNo;
    const c = await as(sn);
    const poor = await c.post('/api/iot/buyPackage', { packageId: await pkgId('1TB 年包') });
    expect(poor).toMatchObject({ code: -1 });
    expect(poor.message).toMatch(/^Balance: ¥8\.00 is not enough for ¥299\.00/);
    expect((await c.post('/api/iot/buyPackage', { packageId: 'x' })).message).toMatch(/^Package: /);
    expect((await c.post('/api/iot/buyPackage', { packageId: 1, payPassword: '12ab56' })).message).toMatch(/^Pay password/);
    const addon = await c.post('/api/iot/buyPackage', { packageId: await pkgId('加油包 5GB 7 天'), effect: 'next' });
    expect(addon.message).toMatch(/^Start: /);
    expect(
      (await c.post('/api/iot/buyPackage', { packageId: await pkgId('全国通用流量 30GB 月包'), payMethod: 'alipay' })).message,
    ).toMatch(/^Payment method: alipay is not offered/);
    expect((await card(t.app, sn)).balance).toBe(800);
  });

  it('answers 41002 when the promoter demands real-name authentication first', async () => {
    const c = await as((await makeCard(t.app, { status: 'pending', now: clock })).simNo);
    const r = await c.post('/api/iot/buyPackage', { packageId: await pkgId('加油包 5GB 7 天') });
    expect(r).toMatchObject({ code: 41002, data: null });
    expect((await c.get('/api/iot/packageChoose')).data.realnameRequired).toBe(true);
  });

  it('an idempotent retry charges once and replays the first reply', async () => {
    const SIM = (await plainCard()).simNo;
    const c = await as(SIM);
    const before = await card(t.app, SIM);
    const k = { 'idempotency-key': key() };
    const payload = { packageId: await pkgId('加油包 5GB 7 天') };
    const [a, b] = await Promise.all([c.post('/api/iot/buyPackage', payload, k), c.post('/api/iot/buyPackage', payload, k)]);
    const replay = await c.post('/api/iot/buyPackage', payload, k);
    const first = [a, b].find((r) => r.code === 0)!;
    expect(first.data.order.status).toBe('effective');
    expect(replay).toEqual(first);
    expect((await card(t.app, SIM)).balance).toBe(before.balance - 500);
    const orders = await t.app.db.db.selectFrom('iot_orders').select('id').where('order_no', '=', first.data.order.orderNo).execute();
    expect(orders).toHaveLength(1);
  });

  it('a carrier refusal refunds the balance and the coins, returns the stock, and says refunded', async () => {
    const SIM = (await plainCard()).simNo;
    const c = await as(SIM);
    const id = await addPackage(t.app, { name: 'refusal test', price: 700, stock: 10, coupon_deduct_max: 100 });
    await adjust(t.app, SIM, 'coupon_coin', 100, clock);
    const before = await card(t.app, SIM);
    (t.app.iotCarrier as CarrierSimulator).failProvisioning(before.iccid, 1);
    const r = await c.post('/api/iot/buyPackage', { packageId: id, useCouponCoin: true });
    expect(r.code).toBe(0);
    expect(r.data.order).toMatchObject({ status: 'refunded', payAmount: 600, coinAmount: 100 });
    expect(r.data.order.failReason).toMatch(/carrier could not open/);
    const after = await card(t.app, SIM);
    expect([after.balance, after.coupon_coin, after.integral, after.total_flow]).toEqual([
      before.balance,
      before.coupon_coin,
      before.integral,
      before.total_flow,
    ]);
    const trail = (await entries(SIM)).filter((e) => e.order_no === r.data.order.orderNo);
    expect(trail.map((e) => [e.delta, e.reason])).toEqual([
      [-600, 'package_purchase'],
      [600, 'refund'],
    ]);
    const pkg = await t.app.db.db.selectFrom('iot_packages').select('sold').where('id', '=', id).executeTakeFirstOrThrow();
    expect(pkg.sold).toBe(0);
    const ok = await c.post('/api/iot/buyPackage', { packageId: id });
    expect(ok.data.order.status).toBe('effective');
    await expectLedgersExact(t.app, [SIM]);
  });

  it('flash sale: one per card, 30001 once the stock is gone', async () => {
    const id = await addPackage(t.app, { name: 'flash test', price: 100, is_seckill: 1, stock: 1, per_card_limit: 1 });
    const c1 = await as((await plainCard()).simNo);
    expect((await c1.post('/api/iot/buyPackage', { packageId: id })).data.order.status).toBe('effective');
    const again = await c1.post('/api/iot/buyPackage', { packageId: id });
    expect(again.code).toBe(30001);
    const limited = await addPackage(t.app, { name: 'limit test', price: 100, is_seckill: 1, stock: 5, per_card_limit: 1 });
    expect((await c1.post('/api/iot/buyPackage', { packageId: limited })).code).toBe(0);
    expect((await c1.post('/api/iot/buyPackage', { packageId: limited })).message).toMatch(/1 time per card/);
  });
});

describe('pay password', () => {
  const PW = '135790';
  it('is set the first time, then asked for (41001), checked, and changed only with the old one or an SMS code', async () => {
    const mobile = uniqueMobile();
    const SIM = (await plainCard({ balance: 10_000, mobile })).simNo;
    const c = await as(SIM);
    expect((await c.post('/api/iot/simUpdatePayPass', { payPassword: '123456' })).message).toMatch(/^Pay password: too easy/);
    expect((await c.post('/api/iot/simUpdatePayPass', { payPassword: '12345' })).message).toMatch(/^Pay password: /);
    const set = await c.post('/api/iot/simUpdatePayPass', { payPassword: PW });
    expect(set).toMatchObject({ code: 0, data: { existPayPassword: true, locked: false, attemptsLeft: 5 } });
    expect((await c.get('/api/iot/simInfo')).data.existPayPassword).toBe(true);
    const stored = (await card(t.app, SIM)).pay_password_hash!;
    expect(stored).toMatch(/^scrypt\$/);
    expect(stored).not.toContain(PW);

    const id = await pkgId('加油包 5GB 7 天');
    const k = { 'idempotency-key': key() };
    const ask = await c.post('/api/iot/buyPackage', { packageId: id }, k);
    expect(ask).toMatchObject({ code: 41001, data: null });
    const wrong = await c.post('/api/iot/buyPackage', { packageId: id, payPassword: '000001' }, k);
    expect(wrong.message).toBe('Pay password: wrong pay password, 4 tries left');
    const right = await c.post('/api/iot/buyPackage', { packageId: id, payPassword: PW }, k);
    expect(right.data.order.status).toBe('effective');
    expect((await c.get('/api/iot/payPassStatus')).data.attemptsLeft).toBe(5);

    expect((await c.post('/api/iot/simUpdatePayPass', { payPassword: '246813' })).message).toMatch(/^Current pay password/);
    expect((await c.post('/api/iot/simUpdatePayPass', { payPassword: '246813', oldPayPassword: '111112' })).message).toMatch(
      /^Current pay password: wrong pay password/,
    );
    expect((await c.post('/api/iot/simUpdatePayPass', { payPassword: '246813', oldPayPassword: PW })).code).toBe(0);
    const sent = await c.post('/api/iot/payPassCode');
    expect(sent.data.mobile).toBe(`138****${mobile.slice(-4)}`);
    expect((await c.post('/api/iot/simUpdatePayPass', { payPassword: PW, code: '000000' })).message).toMatch(/^Verification code/);
    const fresh = await c.post('/api/iot/payPassCode');
    expect(fresh.code).toBe(-1); // resend throttle: one code a minute
    expect((await c.post('/api/iot/simUpdatePayPass', { payPassword: PW, code: sent.data.devCode })).code).toBe(0);
    expect((await c.post('/api/iot/checkPayPass', { payPassword: PW })).code).toBe(0);
  });

  it('five wrong entries lock paying by password for 30 minutes on every session of the card, with the unlock time', async () => {
    clock = Date.UTC(2026, 2, 15, 4); // 12:00 in China
    const SIM = (await plainCard({ balance: 10_000 })).simNo;
    const a = await as(SIM);
    const b = await as(SIM);
    expect((await a.post('/api/iot/simUpdatePayPass', { payPassword: PW })).code).toBe(0);
    const id = await pkgId('加油包 5GB 7 天');
    for (let i = 1; i <= 4; i++) {
      const r = await (i % 2 ? a : b).post('/api/iot/buyPackage', { packageId: id, payPassword: '999990' });
      expect(r.message).toMatch(`${5 - i} tr`);
    }
    const fifth = await b.post('/api/iot/checkPayPass', { payPassword: '999990' });
    const until = Date.UTC(2026, 2, 15, 4, 30);
    expect(fifth.code).toBe(-1);
    expect(fifth.message).toContain('unlocks at 12:30 (UTC+8), in 30 min');
    const locked = await a.post('/api/iot/buyPackage', { packageId: id, payPassword: PW });
    expect(locked.message).toContain('unlocks at 12:30');
    expect((await a.get('/api/iot/payPassStatus')).data).toMatchObject({ locked: true, lockedUntil: until, attemptsLeft: 0 });
    clock += 10 * 60_000;
    expect((await b.post('/api/iot/buyPackage', { packageId: id, payPassword: PW })).message).toContain('in 20 min');
    clock += 20 * 60_000;
    expect((await b.post('/api/iot/buyPackage', { packageId: id, payPassword: PW })).data.order.status).toBe('effective');
    expect((await a.get('/api/iot/payPassStatus')).data).toMatchObject({ locked: false, attemptsLeft: 5 });
  });
});

describe('top-ups', () => {
  it('balanceChoose lists the offers; a ¥50 offer paid at the sandbox cashier credits ¥55 once, however often notified', async () => {
    const SIM = (await plainCard()).simNo;
    const c = await as(SIM);
    const choose = await c.get('/api/iot/balanceChoose');
    const offer = choose.data.offers.find((o: any) => o.payAmount === 5000);
    expect(offer).toMatchObject({ bonusBalance: 500, credit: 5500 });
    expect(choose.data.payMethods).toEqual([{ method: 'sandbox', name: '沙箱支付' }]);
    const before = await card(t.app, SIM);
    const k = { 'idempotency-key': key() };
    const created = await c.post('/api/iot/createBalanceOrder', { offerId: offer.id, method: 'sandbox' }, k);
    expect(created.code).toBe(0);
    expect(created.data.order).toMatchObject({ kind: 'balance', status: 'pending', payAmount: 5000, creditBalance: 5500 });
    expect(created.data.payment).toMatchObject({ status: 'pending', amount: 5000 });
    expect(await c.post('/api/iot/createBalanceOrder', { offerId: offer.id, method: 'sandbox' }, k)).toEqual(created);
    const n = await payAtCashier(t.app, created.data.payment.paymentNo, clock, t.config.paymentSecret);
    const results = await Promise.all([deliver(t.app, n), deliver(t.app, n), deliver(t.app, n)]);
    expect(results.every((r) => r.status === 200 && r.body.code === 'SUCCESS')).toBe(true);
    expect((await deliver(t.app, n)).status).toBe(200);
    const after = await card(t.app, SIM);
    expect(after.balance).toBe(before.balance + 5500);
    const detail = await c.get(`/api/iot/orderDetails?orderNo=${created.data.order.orderNo}`);
    expect(detail.data.order).toMatchObject({ status: 'effective', creditBalance: 5500 });
    expect(detail.data.payment.status).toBe('paid');
    const credits = (await entries(SIM)).filter((e) => e.order_no === created.data.order.orderNo);
    expect(credits.map((e) => [e.delta, e.reason])).toEqual([
      [5000, 'topup'],
      [500, 'topup_bonus'],
    ]);
    const list = await c.get('/api/iot/simBalanceList');
    expect(list.data.list[0]).toMatchObject({ orderNo: created.data.order.orderNo, status: 'effective' });
    // The top-up is titled in the reader's language, with the bonus it credits.
    const headers = await simLogin(t.app, SIM);
    const reader = (language: string) => client(t.app, { ...headers, 'accept-language': language });
    const orderNo = created.data.order.orderNo;
    expect((await reader('en').get('/api/iot/simBalanceList')).data.list[0].title).toBe('Balance top-up ¥50.00 (plus ¥5.00)');
    expect((await reader('zh-CN').get('/api/iot/simBalanceList')).data.list[0].title).toBe('余额充值 ¥50.00（送¥5.00）');
    expect((await reader('zh-TW').get(`/api/iot/orderDetails?orderNo=${orderNo}`)).data.order.title).toBe('餘額儲值 ¥50.00（送¥5.00）');
    await expectLedgersExact(t.app, [SIM]);
  });

  it('arrears are settled first from a top-up, and data comes back', async () => {
    const sn = (await makeCard(t.app, { balance: 800, now: clock })).simNo;
    const c = await as(sn);
    await adjust(t.app, sn, 'arrears', 800, clock);
    expect((await c.get('/api/iot/simInfo')).data.needBuyCoupon).toBe(true);
    const before = await card(t.app, sn);
    const created = await c.post('/api/iot/createBalanceOrder', { amount: 1000, method: 'sandbox' });
    expect(created.code).toBe(0);
    await deliver(t.app, await payAtCashier(t.app, created.data.payment.paymentNo, clock, t.config.paymentSecret));
    const after = await card(t.app, sn);
    expect(after.arrears_balance).toBe(0);
    expect(after.balance).toBe(before.balance + 200);
    const detail = await c.get(`/api/iot/orderDetails?orderNo=${created.data.order.orderNo}`);
    expect(detail.data.order).toMatchObject({ status: 'effective', arrearsSettled: 800, creditBalance: 200 });
    expect((await c.get('/api/iot/simInfo')).data.needBuyCoupon).toBe(false);
    const log = await c.get('/api/iot/simBalanceLogList?account=arrears');
    expect(log.data.list[0]).toMatchObject({ delta: -800, balanceAfter: 0, reason: 'arrears_settlement' });

    await adjust(t.app, sn, 'arrears', 300, clock);
    const coupon = await c.get('/api/iot/couponChoose');
    const o = coupon.data.offers.find((x: any) => x.payAmount === 1000);
    const coinsBefore = (await card(t.app, sn)).coupon_coin;
    const co = await c.post('/api/iot/createCouponOrder', { offerId: o.id, method: 'sandbox' });
    await deliver(t.app, await payAtCashier(t.app, co.data.payment.paymentNo, clock, t.config.paymentSecret));
    const end = await card(t.app, sn);
    expect(end.arrears_balance).toBe(0);
    expect(end.coupon_coin).toBe(coinsBefore + 1000 - 300 + 100);
    await expectLedgersExact(t.app, [sn]);
  });

  it('marks the offer the promoter recommends, whatever the language its tag is shown in', async () => {
    const c = await as((await plainCard()).simNo);
    const en = await c.get('/api/iot/balanceChoose');
    expect(en.data.offers.filter((o: any) => o.recommended).map((o: any) => [o.payAmount, o.tag])).toEqual([[5000, 'Recommended']]);
    const coupon = await c.get('/api/iot/couponChoose');
    expect(coupon.data.offers.filter((o: any) => o.recommended).map((o: any) => [o.payAmount, o.tag])).toEqual([[5000, 'Recommended']]);
  });

  it('refuses amounts outside the limits and unknown offers, naming the field', async () => {
    const SIM = (await plainCard()).simNo;
    const c = await as(SIM);
    expect((await c.post('/api/iot/createBalanceOrder', { amount: 50, method: 'sandbox' })).message).toMatch(/^Amount: must be between/);
    expect((await c.post('/api/iot/createBalanceOrder', { offerId: 99999, method: 'sandbox' })).message).toMatch(/^Top-up option: /);
    expect((await c.post('/api/iot/createBalanceOrder', { method: 'sandbox' })).message).toMatch(
      /: choose a top-up option or enter an amount$/,
    );
    expect((await c.post('/api/iot/createBalanceOrder', { amount: 1000, method: 'cash' })).message).toMatch(/^Payment method/);
  });

  it('an unpaid order is closed by the expiry job', async () => {
    const SIM = (await plainCard()).simNo;
    const c = await as(SIM);
    const created = await c.post('/api/iot/createBalanceOrder', { amount: 2000, method: 'sandbox' });
    clock += 16 * 60_000;
    await t.app.jobs.get('iot.closeExpiredOrders')!.run(clock);
    const detail = await c.get(`/api/iot/orderDetails?orderNo=${created.data.order.orderNo}`);
    expect(detail.data.order.status).toBe('closed');
  });
});

describe('buyPackage online', () => {
  it('opens a payment for the price less the coins; paying opens the package', async () => {
    const SIM = (await plainCard()).simNo;
    const c = await as(SIM);
    await adjust(t.app, SIM, 'coupon_coin', 1000, clock);
    const before = await card(t.app, SIM);
    const r = await c.post('/api/iot/buyPackage', {
      packageId: await pkgId('全国通用流量 100GB 月包'),
      payMethod: 'sandbox',
      useCouponCoin: true,
    });
    expect(r.data.order).toMatchObject({ status: 'pending', amount: 3900, coinAmount: 1000, payAmount: 2900 });
    expect(r.data.payment).toMatchObject({ amount: 2900, payUrl: `/sandbox/cashier/${r.data.payment.paymentNo}` });
    await deliver(t.app, await payAtCashier(t.app, r.data.payment.paymentNo, clock, t.config.paymentSecret));
    const d = await c.get(`/api/iot/orderDetails?orderNo=${r.data.order.orderNo}`);
    expect(d.data.order.status).toBe('effective');
    const after = await card(t.app, SIM);
    expect(after.balance).toBe(before.balance);
    expect(after.coupon_coin).toBe(before.coupon_coin - 1000);
    expect(after.total_flow).toBe(before.total_flow + 100 * 1024);
    await expectLedgersExact(t.app, [SIM]);
  });

  it('a carrier refusal after an online payment refunds the payment and the coins', async () => {
    const SIM = (await plainCard()).simNo;
    const c = await as(SIM);
    await adjust(t.app, SIM, 'coupon_coin', 300, clock);
    const before = await card(t.app, SIM);
    const r = await c.post('/api/iot/buyPackage', {
      packageId: await pkgId('加油包 20GB 30 天'),
      payMethod: 'sandbox',
      useCouponCoin: true,
    });
    expect(r.data.order.coinAmount).toBe(300);
    (t.app.iotCarrier as CarrierSimulator).failProvisioning(before.iccid, 1);
    await deliver(t.app, await payAtCashier(t.app, r.data.payment.paymentNo, clock, t.config.paymentSecret));
    const d = await c.get(`/api/iot/orderDetails?orderNo=${r.data.order.orderNo}`);
    expect(d.data.order.status).toBe('refunded');
    expect(d.data.payment.status).toBe('refunded');
    const trade = await t.app.db.db
      .selectFrom('sandbox_trades')
      .select('status')
      .where('payment_no', '=', r.data.payment.paymentNo)
      .executeTakeFirstOrThrow();
    expect(trade.status).toBe('REFUND');
    const after = await card(t.app, SIM);
    expect([after.coupon_coin, after.total_flow]).toEqual([before.coupon_coin, before.total_flow]);
    await expectLedgersExact(t.app, [SIM]);
  });
});

describe('auto-renewal', () => {
  it('renews from the balance before the end, and skips with a reason when the balance is short', async () => {
    const { simNo: sn } = await makeCard(t.app, {
      promoCode: 'agent01',
      operatorType: 1,
      packages: [
        { name: '电信 30GB 年包', flowMb: 30 * 1024, price: 19900, duration: 1, unit: DurationUnit.YEAR, startsAt: clock - 60 * DAY_MS },
      ],
      now: clock,
    });
    let c = await as(sn);
    const option = await c.get('/api/iot/renewPackageOption');
    expect(option.data).toMatchObject({ enabled: false, packageId: null, lastAttempt: null });
    const pkg = option.data.options[0];
    expect(pkg).toMatchObject({ name: 'Telecom 30 GB yearly', renewable: true });
    const traditional = client(t.app, { ...(await simLogin(t.app, sn)), 'accept-language': 'zh-Hant' });
    expect((await traditional.get('/api/iot/renewPackageOption')).data.options[0].name).toBe('電信 30GB 年包');
    expect((await c.post('/api/iot/simUpdateRenewPackage', { enabled: true })).message).toMatch(/^Package: /);
    const set = await c.post('/api/iot/simUpdateRenewPackage', { enabled: true, packageId: pkg.id });
    expect(set.data).toMatchObject({ enabled: true, packageId: pkg.id });

    const end = (await card(t.app, sn)).end_at!;
    const run = t.app.jobs.get('iot.renewals')!;
    const early = clock;
    clock = end - 4 * DAY_MS; // agent01 renews 3 days ahead: not yet
    expect(await run.run(clock)).toEqual({ renewed: 0, skipped: 0 });
    clock = end - 2 * DAY_MS;
    expect(await run.run(clock)).toEqual({ renewed: 0, skipped: 1 });
    c = await as(sn); // a week-long session has expired meanwhile
    const skipped = await c.get('/api/iot/renewPackageOption');
    expect(skipped.data.lastAttempt).toMatchObject({ outcome: 'skipped', reason: 'balance_short', dueAt: end });
    expect(skipped.data.lastAttempt.message).toMatch(/less than the price/);

    await adjust(t.app, sn, 'balance', 25_000, clock);
    expect(await run.run(clock)).toEqual({ renewed: 1, skipped: 0 });
    expect(await run.run(clock)).toEqual({ renewed: 0, skipped: 0 });
    const renewed = await c.get('/api/iot/renewPackageOption');
    expect(renewed.data.lastAttempt).toMatchObject({ outcome: 'renewed', reason: '', dueAt: end });
    const orders = await c.get('/api/iot/simPackageList');
    expect(orders.data.list[0]).toMatchObject({ status: 'effective', packageStartsAt: end, payAmount: 19900 });
    const after = await card(t.app, sn);
    expect(after.balance).toBe(25_000 - 19900);
    expect(after.end_at).toBe(orders.data.list[0].packageEndsAt);
    const attempts = await t.app.db.db.selectFrom('iot_renewal_attempts').selectAll().where('due_at', '=', end).execute();
    expect(attempts).toHaveLength(1);
    expect(attempts[0]!.tries).toBe(2);
    await expectLedgersExact(t.app, [sn]);
    clock = early;
  });
});

describe('closeVolumePackage', () => {
  it('charges the volume used and refunds the unused whole days of its price', async () => {
    // An unlimited base package carries the usage, so the volume package's use is only what is set below.
    const { simNo: sn } = await makeCard(t.app, {
      balance: 5000,
      packages: [{ name: '随身WiFi 不限量月包', flowMb: 0, unlimited: true, price: 4900 }],
      now: clock,
    });
    let c = await as(sn);
    const id = await addPackage(t.app, { name: 'volume test', kind: 'volume', price: 3000, g_price: 500, duration: 30, duration_unit: 1 });
    const bought = await c.post('/api/iot/buyPackage', { packageId: id });
    expect(bought.data.order.status).toBe('effective');
    const info = (await c.get('/api/iot/simInfo')).data;
    expect(info.volumePackageId).toBeGreaterThan(0);
    expect((await c.post('/api/iot/buyPackage', { packageId: id })).message).toMatch(/already in effect/);
    await t.app.db.db.updateTable('iot_sim_packages').set({ used_mb: 2048 }).where('id', '=', info.volumePackageId).execute();
    clock += 10 * DAY_MS + 3_600_000;
    c = await as(sn);
    const before = await card(t.app, sn);
    const r = await c.post('/api/iot/closeVolumePackage', {});
    expect(r.message).toBe('ok');
    expect(r.data).toMatchObject({ simPackageId: info.volumePackageId, usedMb: 2048, usageCharge: 1000, refund: 1900, arrears: 0 });
    expect((await card(t.app, sn)).balance).toBe(before.balance + 1900 - 1000);
    expect((await c.get('/api/iot/simInfo')).data.volumePackageId).toBe(0);
    expect((await c.post('/api/iot/closeVolumePackage', {})).message).toMatch(/no volume package/);
    await expectLedgersExact(t.app, [sn]);
    clock -= 10 * DAY_MS + 3_600_000;
  });
});

describe('ledgers of the whole demo', () => {
  it('add up for every card, whatever ran before', async () => {
    await expectLedgersExact(t.app);
  });
});
