import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { card, client, expectLedgersExact, key, makeCardClient, simLogin, uniqueMobile } from '../iot-money/test-kit.ts';
import { refundVipOrder } from './vip.ts';

const DAY = 86_400_000;
const JUNE_1 = Date.parse('2026-06-01T04:00:00Z');
let clock = JUNE_1;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
});
afterAll(async () => t.close());

async function addPlan(p: { price: number; days: number; multiplier?: number; name?: string }) {
  const row = await t.app.db.db
    .insertInto('iot_vip_plans')
    .values({
      promo_code: 'demo',
      name: p.name ?? '测试会员',
      gi: 'gold',
      price: p.price,
      original_price: p.price + 1000,
      duration_days: p.days,
      points_multiplier: p.multiplier ?? 2,
      sort: 99,
      created_at: clock,
      updated_at: clock,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const engageDeps = () => ({ db: t.app.db.db, dialect: t.app.db.dialect, sims: t.app.iotSims, now: () => clock });

describe('VIP', () => {
  it('lists the plans with their privileges; a card without VIP has none in SIM info', async () => {
    clock = JUNE_1;
    const { c } = await makeCardClient(t.app, { balance: 5000, now: clock });
    const id = await addPlan({ price: 1500, days: 30, multiplier: 3 });
    const list = await c.get('/api/iot/vipList');
    expect(list.code).toBe(0);
    expect(list.data).toMatchObject({ current: null, endAt: null, balance: 5000, existPayPassword: false });
    expect(list.data.plans.find((p: { id: number }) => p.id === id)).toEqual({
      id,
      name: '测试会员',
      logo: '',
      price: 1500,
      originalPrice: 2500,
      durationDays: 30,
      packageDiscount: 100,
      privileges: {
        gi: 'gold',
        items: [{ title: '3× points', icon: '', content: 'points from sign-in and tasks are multiplied by 3' }],
      },
    });
    expect((await c.get('/api/iot/simInfo')).data.vipOrder).toBeNull();
  });

  it('buys from the balance; a second purchase extends from the end of the first; SIM info shows the VIP', async () => {
    clock = JUNE_1;
    const { simNo, c } = await makeCardClient(t.app, { balance: 5000, now: clock });
    const id = await addPlan({ price: 1500, days: 30 });
    const first = await c.post('/api/iot/createVipOrder', { vipId: id }, { 'idempotency-key': key() });
    expect(first.code).toBe(0);
    expect(first.data.order).toMatchObject({
      startAt: JUNE_1,
      endAt: JUNE_1 + 30 * DAY,
      validTag: 1,
      status: 1,
      actualPayMoney: 1500,
      packagePrice: 2500,
    });
    expect(first.data.balance).toBe(3500);
    clock = JUNE_1 + 10 * DAY;
    // A session lasts 7 days: log in again.
    const c2 = client(t.app, await simLogin(t.app, simNo));
    const second = await c2.post('/api/iot/createVipOrder', { vipId: id }, { 'idempotency-key': key() });
    expect(second.data.order).toMatchObject({ startAt: JUNE_1 + 30 * DAY, endAt: JUNE_1 + 60 * DAY, validTag: 0 });
    const info = (await c2.get('/api/iot/simInfo')).data;
    expect(info.vipOrder).toMatchObject({ orderSn: first.data.order.orderSn, validTag: 1, vipName: '测试会员' });
    expect((await c2.get('/api/iot/vipList')).data.endAt).toBe(JUNE_1 + 60 * DAY);
    // After both windows a new one starts at once.
    clock = JUNE_1 + 61 * DAY;
    const c3 = client(t.app, await simLogin(t.app, simNo));
    const third = await c3.post('/api/iot/createVipOrder', { vipId: id }, { 'idempotency-key': key() });
    expect(third.data.order).toMatchObject({ startAt: JUNE_1 + 61 * DAY, endAt: JUNE_1 + 91 * DAY });
    expect((await card(t.app, simNo)).balance).toBe(500);
    const short = await c3.post('/api/iot/createVipOrder', { vipId: id }, { 'idempotency-key': key() });
    expect(short).toMatchObject({ code: -1, message: 'Balance: not enough balance' });
    await expectLedgersExact(t.app, [simNo]);
  });

  it('asks for the pay password when one is set (41001), and takes the right one', async () => {
    clock = JUNE_1;
    const { c } = await makeCardClient(t.app, { balance: 5000, now: clock });
    const id = await addPlan({ price: 1000, days: 7 });
    expect((await c.post('/api/iot/simUpdatePayPass', { payPassword: '802613' })).code).toBe(0);
    expect((await c.post('/api/iot/createVipOrder', { vipId: id }, { 'idempotency-key': key() })).code).toBe(41001);
    const paid = await c.post('/api/iot/createVipOrder', { vipId: id, payPassword: '802613' }, { 'idempotency-key': key() });
    expect(paid.data.balance).toBe(4000);
  });

  it('doubles the points of sign-in and tasks while it runs', async () => {
    clock = JUNE_1;
    const { simNo, c } = await makeCardClient(t.app, { balance: 5000, mobile: uniqueMobile(), now: clock });
    const id = await addPlan({ price: 1000, days: 7, multiplier: 2 });
    expect((await c.post('/api/iot/createVipOrder', { vipId: id }, { 'idempotency-key': key() })).code).toBe(0);
    expect((await c.post('/api/iot/generalSignIn')).data).toMatchObject({ points: 10, integral: 10 });
    expect((await c.post('/api/iot/generalSignIn', { task: 'bindPhone' })).data).toMatchObject({ points: 40, integral: 50 });
    expect((await c.get('/api/iot/taskCenter')).data.multiplier).toBe(2);
    clock = JUNE_1 + 8 * DAY;
    const later = client(t.app, await simLogin(t.app, simNo));
    expect((await later.post('/api/iot/generalSignIn')).data.points).toBe(5);
  });

  it('a refund returns the unused whole days through the ledger, once, and ends the VIP', async () => {
    clock = JUNE_1;
    const { simNo, c } = await makeCardClient(t.app, { balance: 6000, now: clock });
    const id = await addPlan({ price: 3000, days: 30 });
    const a = (await c.post('/api/iot/createVipOrder', { vipId: id }, { 'idempotency-key': key() })).data.order;
    const b = (await c.post('/api/iot/createVipOrder', { vipId: id }, { 'idempotency-key': key() })).data.order;
    clock = JUNE_1 + 10 * DAY + 3_600_000;
    // 19 whole days of 30 left: floor(3000 × 19 / 30) = 1900; the second, not started, comes back whole.
    expect(await refundVipOrder(engageDeps(), a.orderSn, 'customer asked')).toMatchObject({ refund: 1900 });
    expect(await refundVipOrder(engageDeps(), b.orderSn, 'customer asked')).toMatchObject({ refund: 3000 });
    await expect(refundVipOrder(engageDeps(), a.orderSn, 'again')).rejects.toThrow('this VIP order has already been refunded');
    expect((await card(t.app, simNo)).balance).toBe(4900);
    const again = client(t.app, await simLogin(t.app, simNo));
    expect((await again.get('/api/iot/simInfo')).data.vipOrder).toBeNull();
    const log = await again.get('/api/iot/simBalanceLogList?account=balance');
    expect(log.data.list.slice(0, 2).map((e: { delta: number; reason: string }) => [e.delta, e.reason])).toEqual([
      [3000, 'vip_refund'],
      [1900, 'vip_refund'],
    ]);
    await expectLedgersExact(t.app, [simNo]);
  });

  it('20 concurrent purchases with money for 3 make 3 back-to-back windows', async () => {
    clock = JUNE_1;
    const { simNo, c } = await makeCardClient(t.app, { balance: 3500, now: clock });
    const id = await addPlan({ price: 1000, days: 10 });
    const replies = await Promise.all(
      Array.from({ length: 20 }, () => c.post('/api/iot/createVipOrder', { vipId: id }, { 'idempotency-key': key() })),
    );
    const ok = replies.filter((r) => r.code === 0).map((r) => r.data.order);
    expect(ok).toHaveLength(3);
    expect(ok.map((o) => [o.startAt, o.endAt]).sort((x, y) => x[0] - y[0])).toEqual([
      [JUNE_1, JUNE_1 + 10 * DAY],
      [JUNE_1 + 10 * DAY, JUNE_1 + 20 * DAY],
      [JUNE_1 + 20 * DAY, JUNE_1 + 30 * DAY],
    ]);
    expect((await card(t.app, simNo)).balance).toBe(500);
    await expectLedgersExact(t.app, [simNo]);
  });
});
