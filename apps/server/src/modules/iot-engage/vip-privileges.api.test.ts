import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import {
  addPackage,
  card,
  client,
  deliver,
  expectLedgersExact,
  key,
  makeCardClient,
  payAtCashier,
  simLogin,
} from '../iot-money/test-kit.ts';
import { closeUnpaidVip } from './vip.ts';

const DAY = 86_400_000;
const JUNE_1 = Date.parse('2026-06-01T04:00:00Z');
let clock = JUNE_1;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
});
afterAll(async () => t.close());

async function addPlan(p: { price: number; days: number; discount: number }) {
  const row = await t.app.db.db
    .insertInto('iot_vip_plans')
    .values({
      promo_code: 'demo',
      name: '折扣会员',
      gi: 'gold',
      price: p.price,
      original_price: p.price,
      duration_days: p.days,
      points_multiplier: 2,
      package_discount: p.discount,
      sort: 99,
      created_at: clock,
      updated_at: clock,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function debits(simNo: string, orderNo: string) {
  const sim = await card(t.app, simNo);
  return t.app.db.db
    .selectFrom('iot_ledger_entries')
    .select(['account', 'delta', 'reason'])
    .where('sim_id', '=', sim.id)
    .where('order_no', '=', orderNo)
    .orderBy('id')
    .execute();
}

const deps = () => ({
  db: t.app.db.db,
  dialect: t.app.db.dialect,
  sims: t.app.iotSims,
  now: () => clock,
  payments: t.app.payments,
  site: t.app.site,
  speeds: t.app.iotSpeeds,
  log: t.app.log,
  holdMs: 15 * 60_000,
});

describe('VIP privileges', () => {
  it('a package discount: shown before paying, and applied first at purchase (then coins, then the balance)', async () => {
    clock = JUNE_1;
    const { simNo, c } = await makeCardClient(t.app, { balance: 10_000, couponCoin: 100, now: clock });
    const vipId = await addPlan({ price: 1000, days: 30, discount: 95 });
    const pkgId = await addPackage(t.app, { name: '折扣测试包', price: 2990, coupon_deduct_max: 100 }, clock);
    // No VIP yet: full price.
    expect((await c.get(`/api/iot/packageDetails?packageId=${pkgId}`)).data.vip).toBeNull();
    const vip = await c.post('/api/iot/createVipOrder', { vipId }, { 'idempotency-key': key() });
    expect(vip.data.order).toMatchObject({ packageDiscount: 95, payMethod: 'balance' });
    expect(vip.data.order.privileges.items.map((i: { title: string }) => i.title)).toEqual(['2× points', '5% off packages']);
    const details = (await c.get(`/api/iot/packageDetails?packageId=${pkgId}`)).data;
    // floor(2990 × 95 / 100) = floor(2840.5) = 2840
    expect(details.vip).toEqual({ discount: 95, price: 2840 });
    expect(details.coupon).toMatchObject({ usable: 100 });
    const bought = await c.post('/api/iot/buyPackage', { packageId: pkgId, useCouponCoin: true }, { 'idempotency-key': key() });
    expect(bought.code).toBe(0);
    expect(bought.data.order).toMatchObject({ amount: 2840, payAmount: 2740, coinAmount: 100 });
    expect((await debits(simNo, bought.data.order.orderNo)).map((e) => [e.account, e.delta, e.reason])).toEqual([
      ['balance', -2740, 'package_purchase'],
      ['coupon_coin', -100, 'package_purchase'],
      // one point per whole yuan paid
      ['integral', 27, 'purchase_reward'],
    ]);
    // balance: 10000 − 1000 (VIP) − 2740
    expect((await card(t.app, simNo)).balance).toBe(6260);
    await expectLedgersExact(t.app, [simNo]);
  });

  it('the discount ends with the VIP, and an online order is priced with it too', async () => {
    clock = JUNE_1;
    const { simNo, c } = await makeCardClient(t.app, { balance: 10_000, now: clock });
    const vipId = await addPlan({ price: 500, days: 7, discount: 90 });
    const pkgId = await addPackage(t.app, { name: '折扣测试包二', price: 1999 }, clock);
    expect((await c.post('/api/iot/createVipOrder', { vipId }, { 'idempotency-key': key() })).code).toBe(0);
    const online = await c.post('/api/iot/buyPackage', { packageId: pkgId, payMethod: 'sandbox' }, { 'idempotency-key': key() });
    // floor(1999 × 0.9) = floor(1799.1) = 1799
    expect(online.data.order).toMatchObject({ amount: 1799, payAmount: 1799, status: 'pending' });
    expect(online.data.payment).toMatchObject({ amount: 1799 });
    clock = JUNE_1 + 7 * DAY;
    const later = client(t.app, await simLogin(t.app, simNo));
    expect((await later.get(`/api/iot/packageDetails?packageId=${pkgId}`)).data.vip).toBeNull();
    const full = await later.post('/api/iot/buyPackage', { packageId: pkgId }, { 'idempotency-key': key() });
    expect(full.data.order).toMatchObject({ amount: 1999, payAmount: 1999 });
  });

  it('VIP paid at the cashier: pending until the money arrives, then it starts where the running VIP ends', async () => {
    clock = JUNE_1;
    const { simNo, c } = await makeCardClient(t.app, { balance: 5000, now: clock });
    const vipId = await addPlan({ price: 990, days: 30, discount: 98 });
    expect((await c.post('/api/iot/createVipOrder', { vipId }, { 'idempotency-key': key() })).data.order.endAt).toBe(JUNE_1 + 30 * DAY);
    const list = (await c.get('/api/iot/vipList')).data;
    expect(list.payMethods).toEqual([{ method: 'sandbox', name: '沙箱支付' }]);
    const k = { 'idempotency-key': key() };
    const created = await c.post('/api/iot/createVipOrder', { vipId, payMethod: 'sandbox' }, k);
    expect(created.code).toBe(0);
    expect(created.data.order).toMatchObject({ status: 0, payMethod: 'sandbox', placeType: 2, validTag: 0 });
    expect(created.data.payment).toMatchObject({ status: 'pending', amount: 990 });
    expect(await c.post('/api/iot/createVipOrder', { vipId, payMethod: 'sandbox' }, k)).toEqual(created);
    // Paid ten minutes later, while the first VIP runs.
    clock = JUNE_1 + 10 * 60_000;
    const n = await payAtCashier(t.app, created.data.payment.paymentNo, clock, t.config.paymentSecret);
    expect((await deliver(t.app, n)).status).toBe(200);
    const details = await c.get(`/api/iot/vipOrderDetails?orderSn=${created.data.order.orderSn}`);
    expect(details.data.order).toMatchObject({ status: 1, startAt: JUNE_1 + 30 * DAY, endAt: JUNE_1 + 60 * DAY });
    expect(details.data.payment).toMatchObject({ status: 'paid' });
    expect((await c.get('/api/iot/vipList')).data.endAt).toBe(JUNE_1 + 60 * DAY);
    // The balance paid the first only.
    expect((await card(t.app, simNo)).balance).toBe(4010);
    expect((await c.get('/api/iot/vipOrderDetails?orderSn=V000')).message).toBe('Order number: no such VIP order');
  });

  it('a VIP paid at the cashier shows in SIM info once the money arrives, and not after its window', async () => {
    clock = JUNE_1;
    const { simNo, c } = await makeCardClient(t.app, { balance: 0, now: clock });
    const vipId = await addPlan({ price: 990, days: 30, discount: 98 });
    expect((await c.get('/api/iot/simInfo')).data.vipOrder).toBeNull();
    const created = await c.post('/api/iot/createVipOrder', { vipId, payMethod: 'sandbox' }, { 'idempotency-key': key() });
    expect((await c.get('/api/iot/simInfo')).data.vipOrder).toBeNull();
    clock = JUNE_1 + 60_000;
    const n = await payAtCashier(t.app, created.data.payment.paymentNo, clock, t.config.paymentSecret);
    expect((await deliver(t.app, n)).status).toBe(200);
    expect((await c.get('/api/iot/simInfo')).data.vipOrder).toMatchObject({
      orderSn: created.data.order.orderSn,
      vipName: '折扣会员',
      startAt: JUNE_1 + 60_000,
      endAt: JUNE_1 + 60_000 + 30 * DAY,
      validTag: 1,
    });
    clock = JUNE_1 + 60_000 + 30 * DAY;
    const later = client(t.app, await simLogin(t.app, simNo));
    expect((await later.get('/api/iot/simInfo')).data.vipOrder).toBeNull();
  });

  it('an unpaid VIP order closes after its time; one paid meanwhile is applied instead', async () => {
    clock = JUNE_1;
    const { c } = await makeCardClient(t.app, { balance: 0, now: clock });
    const vipId = await addPlan({ price: 990, days: 30, discount: 98 });
    const unpaid = await c.post('/api/iot/createVipOrder', { vipId, payMethod: 'sandbox' }, { 'idempotency-key': key() });
    const paid = await c.post('/api/iot/createVipOrder', { vipId, payMethod: 'sandbox' }, { 'idempotency-key': key() });
    // Paid at the cashier, its notification lost.
    clock = JUNE_1 + 14 * 60_000;
    await payAtCashier(t.app, paid.data.payment.paymentNo, clock, t.config.paymentSecret);
    clock = JUNE_1 + 16 * 60_000;
    expect(await closeUnpaidVip(deps(), clock)).toBe(1);
    expect((await c.get(`/api/iot/vipOrderDetails?orderSn=${unpaid.data.order.orderSn}`)).data.order.status).toBe(3);
    const after = (await c.get(`/api/iot/vipOrderDetails?orderSn=${paid.data.order.orderSn}`)).data.order;
    expect(after).toMatchObject({ status: 1, startAt: clock, endAt: clock + 30 * DAY, validTag: 1 });
  });
});
