import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { addPackage, card, client, expectLedgersExact, key, makeCard, provisioningSettled, simLogin } from './test-kit.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('concurrent purchases', () => {
  it('200 concurrent balance purchases on one card never take the balance below zero; the ledger adds up', async () => {
    // Enough for exactly 40 purchases with 50 fen to spare.
    const { simNo: SIM } = await makeCard(t.app, { balance: 40 * 300 + 50 });
    const c = client(t.app, await simLogin(t.app, SIM));
    const id = await addPackage(t.app, { name: 'concurrency 1', kind: 'addon', price: 300, effects: 'now', duration: 7, duration_unit: 1 });
    const replies = await Promise.all(
      Array.from({ length: 200 }, () => c.post('/api/iot/buyPackage', { packageId: id }, { 'idempotency-key': key() })),
    );
    const ok = replies.filter((r) => r.code === 0);
    const refused = replies.filter((r) => r.code !== 0);
    expect(ok).toHaveLength(40);
    // Each is effective, or paid and being opened when the carrier's answer took longer than the reply may wait.
    expect(ok.every((r) => r.data.order.status === 'effective' || r.data.order.status === 'paid')).toBe(true);
    await provisioningSettled(t.app);
    expect(refused.every((r) => r.code === -1 && r.message.startsWith('Balance: '))).toBe(true);
    const end = await card(t.app, SIM);
    expect(end.balance).toBe(50);
    const entries = await t.app.db.db
      .selectFrom('iot_ledger_entries')
      .select(['delta', 'balance_after'])
      .where('sim_id', '=', end.id)
      .where('account', '=', 'balance')
      .orderBy('id')
      .execute();
    expect(entries.every((e) => e.balance_after >= 0)).toBe(true);
    // Each entry's balance after is the previous one plus its delta: one serial history.
    let running = 0;
    for (const e of entries) {
      running += e.delta;
      expect(e.balance_after).toBe(running);
    }
    expect(entries.filter((e) => e.delta === -300)).toHaveLength(40);
    const packages = await t.app.db.db
      .selectFrom('iot_sim_packages')
      .select('id')
      .where('sim_id', '=', end.id)
      .where('name', '=', 'concurrency 1')
      .where('status', '=', 'active')
      .execute();
    expect(packages).toHaveLength(40);
    await expectLedgersExact(t.app, [SIM]);
  });

  it('100 concurrent flash-sale purchases of 5 in stock sell exactly 5', async () => {
    const { simNo: SIM } = await makeCard(t.app, { balance: 100 * 100 });
    const c = client(t.app, await simLogin(t.app, SIM));
    const id = await addPackage(t.app, { name: 'flash 5', price: 100, is_seckill: 1, stock: 5, per_card_limit: 0 });
    const before = await card(t.app, SIM);
    const replies = await Promise.all(
      Array.from({ length: 100 }, () => c.post('/api/iot/buyPackage', { packageId: id }, { 'idempotency-key': key() })),
    );
    expect(replies.filter((r) => r.code === 0)).toHaveLength(5);
    const soldOut = replies.filter((r) => r.code === 30001);
    expect(soldOut).toHaveLength(95);
    expect(soldOut[0]!.message).toBe('this flash-sale package is sold out');
    const pkg = await t.app.db.db.selectFrom('iot_packages').select(['sold', 'stock']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(pkg).toEqual({ sold: 5, stock: 5 });
    expect((await card(t.app, SIM)).balance).toBe(before.balance - 500);
    await expectLedgersExact(t.app, [SIM]);
  });
});
