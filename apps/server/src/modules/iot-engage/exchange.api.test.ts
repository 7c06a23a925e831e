import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import type { CarrierSimulator } from '../../providers/carrier/simulator.ts';
import { addPackage, card, expectLedgersExact, key, makeCardClient, provisioningSettled } from '../iot-money/test-kit.ts';

let t: TestApp;
let clock = Date.parse('2026-06-01T04:00:00Z');
beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
});
afterAll(async () => t.close());

/** An exchange item of the demo promoter of a test's own. */
async function addItem(p: {
  kind: 'coupon' | 'balance';
  cost: number;
  value: number;
  minSpend?: number;
  stock?: number | null;
  limit?: number;
  days?: number;
}) {
  const row = await t.app.db.db
    .insertInto('iot_exchange_items')
    .values({
      promo_code: 'demo',
      kind: p.kind,
      coin_cost: p.cost,
      value: p.value,
      min_spend: p.minSpend ?? 0,
      valid_days: p.days ?? 30,
      stock: p.stock ?? null,
      per_card_limit: p.limit ?? 0,
      sort: 99,
      created_at: clock,
      updated_at: clock,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const exchange = (c: Awaited<ReturnType<typeof makeCardClient>>['c'], itemId: number) =>
  c.post('/api/iot/exchangeCoupon', { itemId }, { 'idempotency-key': key() });

describe('coupon exchange', () => {
  it('lists the items with what the card has exchanged, and exchanges coins for balance through the ledger', async () => {
    const { simNo, c } = await makeCardClient(t.app, { couponCoin: 1000, balance: 100, now: clock });
    const itemId = await addItem({ kind: 'balance', cost: 300, value: 250, limit: 2 });
    const list = await c.get('/api/iot/couponExchangeList');
    expect(list.code).toBe(0);
    expect(list.data.couponCoin).toBe(1000);
    expect(list.data.items.find((i: { id: number }) => i.id === itemId)).toEqual({
      id: itemId,
      kind: 'balance',
      coinCost: 300,
      value: 250,
      minSpend: 0,
      validDays: 30,
      left: null,
      perCardLimit: 2,
      exchanged: 0,
    });
    const r = await exchange(c, itemId);
    expect(r).toMatchObject({
      code: 0,
      data: { couponCoin: 700, balance: 350, exchange: { kind: 'balance', coinCost: 300, value: 250, coupon: null } },
    });
    expect(r.data.exchange.orderNo).toMatch(/^E\d{26}$/);
    const after = await card(t.app, simNo);
    expect([after.coupon_coin, after.balance]).toEqual([700, 350]);
    const coins = await c.get('/api/iot/couponCoinLogList');
    expect(coins.data.list[0]).toMatchObject({
      delta: -300,
      balanceAfter: 700,
      reason: 'coupon_exchange',
      orderNo: r.data.exchange.orderNo,
    });
    const balance = await c.get('/api/iot/simBalanceLogList?account=balance');
    expect(balance.data.list[0]).toMatchObject({ delta: 250, balanceAfter: 350, reason: 'coupon_exchange' });
    expect((await c.get('/api/iot/couponExchangeList')).data.items.find((i: { id: number }) => i.id === itemId).exchanged).toBe(1);
    await expectLedgersExact(t.app, [simNo]);
  });

  it('refuses with too few coins, beyond the limit per card, and for an unknown item, changing nothing', async () => {
    const { simNo, c } = await makeCardClient(t.app, { couponCoin: 250, now: clock });
    const itemId = await addItem({ kind: 'coupon', cost: 100, value: 500, limit: 2 });
    const dear = await addItem({ kind: 'coupon', cost: 5000, value: 5000 });
    expect((await exchange(c, itemId)).code).toBe(0);
    expect((await exchange(c, itemId)).code).toBe(0);
    const third = await exchange(c, itemId);
    expect(third).toMatchObject({ code: -1, message: 'Item: each card can exchange this 2 times' });
    const short = await exchange(c, dear);
    expect(short).toMatchObject({ code: -1, message: 'Coupon coins: not enough coupon coins' });
    expect((await exchange(c, 999_999)).message).toBe('Item: this item cannot be exchanged');
    expect((await c.post('/api/iot/exchangeCoupon', { itemId: 'x' })).code).toBe(-1);
    expect((await card(t.app, simNo)).coupon_coin).toBe(50);
    const sold = await t.app.db.db
      .selectFrom('iot_exchange_items')
      .select('sold')
      .where('id', 'in', [itemId, dear])
      .orderBy('id')
      .execute();
    expect(sold.map((s) => s.sold)).toEqual([2, 0]);
    await expectLedgersExact(t.app, [simNo]);
  });

  it('50 concurrent exchanges of an item with 5 in stock by 10 cards give exactly 5; coins never go negative', async () => {
    const itemId = await addItem({ kind: 'coupon', cost: 100, value: 300, stock: 5 });
    const cards = await Promise.all(Array.from({ length: 10 }, () => makeCardClient(t.app, { couponCoin: 250, now: clock })));
    const replies = await Promise.all(cards.flatMap(({ c }) => Array.from({ length: 5 }, () => exchange(c, itemId))));
    expect(replies.filter((r) => r.code === 0)).toHaveLength(5);
    const refused = replies.filter((r) => r.code !== 0);
    expect(refused.every((r) => r.code === 30001 || (r.code === -1 && r.message === 'Coupon coins: not enough coupon coins'))).toBe(true);
    const item = await t.app.db.db
      .selectFrom('iot_exchange_items')
      .select(['sold', 'stock'])
      .where('id', '=', itemId)
      .executeTakeFirstOrThrow();
    expect(item).toEqual({ sold: 5, stock: 5 });
    const coupons = await t.app.db.db
      .selectFrom('iot_sim_coupons')
      .select('id')
      .where(
        'sim_id',
        'in',
        cards.map((x) => x.id),
      )
      .execute();
    expect(coupons).toHaveLength(5);
    for (const x of cards) expect((await card(t.app, x.simNo)).coupon_coin).toBeGreaterThanOrEqual(50);
    const spent = (await Promise.all(cards.map((x) => card(t.app, x.simNo)))).reduce((n, x) => n + (250 - x.coupon_coin), 0);
    expect(spent).toBe(500);
    await expectLedgersExact(
      t.app,
      cards.map((x) => x.simNo),
    );
    const soldOut = refused.find((r) => r.code === 30001);
    expect(soldOut?.message).toBe('this item has all been exchanged');
  });

  it('20 concurrent exchanges on one card with a limit of 3 give 3', async () => {
    const { simNo, c } = await makeCardClient(t.app, { couponCoin: 10_000, now: clock });
    const itemId = await addItem({ kind: 'balance', cost: 100, value: 100, limit: 3 });
    const replies = await Promise.all(Array.from({ length: 20 }, () => exchange(c, itemId)));
    expect(replies.filter((r) => r.code === 0)).toHaveLength(3);
    const after = await card(t.app, simNo);
    expect([after.coupon_coin, after.balance]).toEqual([9700, 300]);
    await expectLedgersExact(t.app, [simNo]);
  });

  it('a retry with the same idempotency key replays the exchange instead of making another', async () => {
    const { simNo, c } = await makeCardClient(t.app, { couponCoin: 1000, now: clock });
    const itemId = await addItem({ kind: 'balance', cost: 100, value: 100 });
    const k = key();
    const first = await c.post('/api/iot/exchangeCoupon', { itemId }, { 'idempotency-key': k });
    const again = await c.post('/api/iot/exchangeCoupon', { itemId }, { 'idempotency-key': k });
    expect(again).toEqual(first);
    expect((await card(t.app, simNo)).coupon_coin).toBe(900);
  });
});

describe('package coupons at purchase', () => {
  it('a coupon exchanged shows in SelectCoupon for packages from its minimum, pays part of one purchase, and is then used', async () => {
    const { simNo, c } = await makeCardClient(t.app, { couponCoin: 600, balance: 5000, now: clock });
    const itemId = await addItem({ kind: 'coupon', cost: 500, value: 800, minSpend: 2000, days: 10 });
    const cheap = await addPackage(
      t.app,
      { name: 'coupon cheap', kind: 'addon', price: 1500, effects: 'now', duration: 7, duration_unit: 1 },
      clock,
    );
    const dear = await addPackage(
      t.app,
      { name: 'coupon dear', kind: 'addon', price: 3000, effects: 'now', duration: 7, duration_unit: 1 },
      clock,
    );
    const ex = await exchange(c, itemId);
    const coupon = ex.data.exchange.coupon;
    expect(coupon).toMatchObject({ amount: 800, minSpend: 2000, state: 'unused', orderNo: '', expiresAt: clock + 10 * 86_400_000 });
    expect((await c.get(`/api/iot/packageDetails?packageId=${cheap}`)).data.coupons).toEqual([]);
    const details = await c.get(`/api/iot/packageDetails?packageId=${dear}`);
    expect(details.data.coupons).toEqual([coupon]);
    const tooCheap = await c.post('/api/iot/buyPackage', { packageId: cheap, couponId: coupon.id }, { 'idempotency-key': key() });
    expect(tooCheap).toMatchObject({ code: -1, message: 'Coupon: this coupon cannot be used for this package' });
    const online = await c.post(
      '/api/iot/buyPackage',
      { packageId: dear, couponId: coupon.id, payMethod: 'sandbox' },
      { 'idempotency-key': key() },
    );
    expect(online).toMatchObject({ code: -1, message: 'Coupon: coupons can only be used when paying from the balance' });
    const bought = await c.post('/api/iot/buyPackage', { packageId: dear, couponId: coupon.id }, { 'idempotency-key': key() });
    expect(bought.code).toBe(0);
    expect(bought.data.order).toMatchObject({ amount: 3000, payAmount: 2200, coinAmount: 0 });
    await provisioningSettled(t.app);
    expect((await card(t.app, simNo)).balance).toBe(2800);
    const again = await c.post('/api/iot/buyPackage', { packageId: dear, couponId: coupon.id }, { 'idempotency-key': key() });
    expect(again.message).toBe('Coupon: this coupon cannot be used for this package');
    const records = await c.get('/api/iot/couponExchangeOrderList');
    expect(records.data.list[0].coupon).toMatchObject({ state: 'used', orderNo: bought.data.order.orderNo });
    await expectLedgersExact(t.app, [simNo]);
  });

  it('an expired coupon is refused; a purchase the carrier refuses gives the coupon back', async () => {
    const { simNo, c } = await makeCardClient(t.app, { couponCoin: 1000, balance: 5000, now: clock });
    const itemId = await addItem({ kind: 'coupon', cost: 100, value: 500, days: 1 });
    const pkg = await addPackage(
      t.app,
      { name: 'coupon any', kind: 'addon', price: 1000, effects: 'now', duration: 7, duration_unit: 1 },
      clock,
    );
    const first = (await exchange(c, itemId)).data.exchange.coupon;
    clock += 2 * 86_400_000;
    const expired = await c.post('/api/iot/buyPackage', { packageId: pkg, couponId: first.id }, { 'idempotency-key': key() });
    expect(expired.message).toBe('Coupon: this coupon cannot be used for this package');
    const records = await c.get('/api/iot/couponExchangeOrderList');
    expect(records.data.list[0].coupon.state).toBe('expired');
    const second = (await exchange(c, itemId)).data.exchange.coupon;
    (t.app.iotCarrier as CarrierSimulator).failProvisioning((await card(t.app, simNo)).iccid, 1);
    const r = await c.post('/api/iot/buyPackage', { packageId: pkg, couponId: second.id }, { 'idempotency-key': key() });
    expect(r.code).toBe(0);
    await provisioningSettled(t.app);
    expect((await card(t.app, simNo)).balance).toBe(5000);
    const back = await c.get(`/api/iot/packageDetails?packageId=${pkg}`);
    expect(back.data.coupons.map((x: { id: number; state: string }) => [x.id, x.state])).toEqual([[second.id, 'unused']]);
    await expectLedgersExact(t.app, [simNo]);
  });
});
