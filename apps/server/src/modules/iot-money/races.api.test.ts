import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { addPackage, adjust, card, client, expectLedgersExact, key, simLogin } from './test-kit.ts';

let t: TestApp;
let clock = Date.now();
beforeAll(async () => {
  t = await createTestApp({ now: () => clock, orderHoldMinutes: 7 });
});
afterAll(async () => t.close());

const sold = async (id: number) =>
  (await t.app.db.db.selectFrom('iot_packages').select('sold').where('id', '=', id).executeTakeFirstOrThrow()).sold;

describe('card rules under concurrency', () => {
  it('20 concurrent volume purchases on one card open exactly one volume package; the ledger adds up', async () => {
    const SIM = '1440000000001';
    const c = client(t.app, await simLogin(t.app, SIM));
    const id = await addPackage(
      t.app,
      { name: 'race volume', kind: 'volume', price: 200, g_price: 500, effects: 'now', duration: 30, duration_unit: 1 },
      clock,
    );
    const start = await card(t.app, SIM);
    await adjust(t.app, SIM, 'balance', 10_000 - start.balance, clock);
    const replies = await Promise.all(
      Array.from({ length: 20 }, () =>
        c.post('/api/iot/buyPackage', { packageId: id, payMethod: 'balance' }, { 'idempotency-key': key() }),
      ),
    );
    expect(replies.filter((r) => r.code === 0)).toHaveLength(1);
    const refused = replies.filter((r) => r.code !== 0);
    expect(refused).toHaveLength(19);
    expect(new Set(refused.map((r) => r.message))).toEqual(
      new Set(['Package: a volume package is already in effect on this card; close it first']),
    );
    const open = await t.app.db.db
      .selectFrom('iot_sim_packages')
      .select('id')
      .where('sim_id', '=', start.id)
      .where('kind', '=', 'volume')
      .where('status', 'not in', ['closed', 'expired'])
      .execute();
    expect(open).toHaveLength(1);
    expect((await card(t.app, SIM)).balance).toBe(9_800);
    await expectLedgersExact(t.app, [SIM]);
  });
});

describe('online flash-sale orders reserve stock', () => {
  it('100 concurrent online orders for 62 in stock: 62 accepted, 38 sold out; expiry releases stock exactly once', async () => {
    const SIM = '1440000000006';
    const c = client(t.app, await simLogin(t.app, SIM, '246810'));
    const id = await addPackage(
      t.app,
      {
        promo_code: 'agent01',
        name: 'race flash',
        price: 900,
        is_seckill: 1,
        stock: 100,
        per_card_limit: 0,
        seckill_starts_at: clock - 60_000,
        seckill_ends_at: clock + 86_400_000,
      },
      clock,
    );
    await t.app.db.db.updateTable('iot_packages').set({ sold: 38 }).where('id', '=', id).execute();
    const replies = await Promise.all(
      Array.from({ length: 100 }, () =>
        c.post('/api/iot/buyPackage', { packageId: id, payMethod: 'sandbox' }, { 'idempotency-key': key() }),
      ),
    );
    const accepted = replies.filter((r) => r.code === 0);
    expect(accepted).toHaveLength(62);
    expect(accepted.every((r) => r.data.order.status === 'pending' && r.data.payment.status === 'pending')).toBe(true);
    const refused = replies.filter((r) => r.code !== 0);
    expect(refused).toHaveLength(38);
    expect(refused.every((r) => r.code === 30001 && r.message === 'this flash-sale package is sold out')).toBe(true);
    expect(await sold(id)).toBe(100);

    // Unpaid orders hold their unit for ORDER_HOLD_MINUTES (7 here), then give it back, once.
    clock += 7 * 60_000 - 1;
    expect(await t.app.jobs.get('iot.closeExpiredOrders')!.run(clock)).toBe(0);
    expect(await sold(id)).toBe(100);
    clock += 1;
    expect(await t.app.jobs.get('iot.closeExpiredOrders')!.run(clock)).toBe(62);
    expect(await sold(id)).toBe(38);
    expect(await t.app.jobs.get('iot.closeExpiredOrders')!.run(clock)).toBe(0);
    expect(await sold(id)).toBe(38);
  });
});
