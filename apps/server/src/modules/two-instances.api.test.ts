/**
 * Two server instances on one database (the same SQLite file, or the same PostgreSQL schema), as
 * behind a load balancer: every burst is split across both. The assertions are the invariants that
 * must hold whichever instance serves a request: nothing oversold, no balance below zero, ledgers
 * that add up, one order per number, one payment applied once. (The pay-password, login-code and
 * card-password bursts on two instances are in the iot-money, iot-auth and auth suites.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestAppPair, type TestAppPair } from '../../test/helpers.ts';
import {
  addPackage,
  adjust,
  card,
  client,
  deliver,
  expectLedgersExact,
  key,
  newCard,
  payAtCashier,
  simLogin,
} from './iot-money/test-kit.ts';
import { hex32, numberOnSale, orderBody } from './orders/test-kit.ts';

let pair: TestAppPair;
beforeAll(async () => {
  pair = await createTestAppPair({ seedNumbers: 200 });
});
afterAll(async () => pair.close());

/** The instance that serves the i-th request of a burst. */
const instance = (i: number) => pair.apps[i % 2]!;

/** A new card with `balance` fen, and a client of it on each instance. */
async function cardWithBalance(balance: number) {
  const [a, b] = pair.apps;
  const simNo = await newCard(a);
  await adjust(a, simNo, 'balance', balance);
  const headers = await simLogin(a, simNo);
  return { simNo, clients: [client(a, headers), client(b, headers)] as const };
}

async function balanceEntries(simNo: string) {
  const [a] = pair.apps;
  const { id } = await card(a, simNo);
  return a.db.db
    .selectFrom('iot_ledger_entries')
    .select(['delta', 'balance_after'])
    .where('sim_id', '=', id)
    .where('account', '=', 'balance')
    .orderBy('id')
    .execute();
}

describe('two instances on one database', () => {
  it('concurrent balance purchases on three cards: each buys exactly what its balance covers, never below zero, ledgers exact', async () => {
    const [a] = pair.apps;
    const id = await addPackage(a, {
      name: 'two instances addon',
      kind: 'addon',
      price: 300,
      effects: 'now',
      duration: 7,
      duration_unit: 1,
    });
    // Each card holds enough for exactly 10 purchases with 50 fen to spare, and tries 30.
    const cards = await Promise.all([0, 1, 2].map(() => cardWithBalance(10 * 300 + 50)));
    const replies = await Promise.all(
      cards.flatMap((c) =>
        Array.from({ length: 30 }, (_, i) =>
          c.clients[i % 2]!.post('/api/iot/buyPackage', { packageId: id }, { 'idempotency-key': key() }),
        ),
      ),
    );
    expect(replies.filter((r) => r.code === 0)).toHaveLength(30);
    expect(replies.filter((r) => r.code !== 0).every((r) => r.code === -1 && r.message.startsWith('Balance: '))).toBe(true);
    for (const c of cards) {
      expect((await card(a, c.simNo)).balance).toBe(50);
      const entries = await balanceEntries(c.simNo);
      expect(entries.every((e) => e.balance_after >= 0)).toBe(true);
      expect(entries.filter((e) => e.delta === -300)).toHaveLength(10);
      let running = 0;
      for (const e of entries) {
        running += e.delta;
        expect(e.balance_after).toBe(running);
      }
    }
    await expectLedgersExact(
      a,
      cards.map((c) => c.simNo),
    );
  });

  it('100 concurrent flash-sale purchases of 5 in stock from two cards sell exactly 5, paid exactly once each', async () => {
    const [a] = pair.apps;
    const id = await addPackage(a, { name: 'two instances flash', price: 100, is_seckill: 1, stock: 5, per_card_limit: 0 });
    const cards = await Promise.all([0, 1].map(() => cardWithBalance(100 * 100)));
    const replies = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        cards[i % 2]!.clients[Math.floor(i / 2) % 2]!.post('/api/iot/buyPackage', { packageId: id }, { 'idempotency-key': key() }),
      ),
    );
    expect(replies.filter((r) => r.code === 0)).toHaveLength(5);
    expect(replies.filter((r) => r.code === 30001)).toHaveLength(95);
    const pkg = await a.db.db.selectFrom('iot_packages').select(['sold', 'stock']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(pkg).toEqual({ sold: 5, stock: 5 });
    const balances = await Promise.all(cards.map(async (c) => (await card(a, c.simNo)).balance));
    expect(balances[0]! + balances[1]!).toBe(2 * 100 * 100 - 5 * 100);
    await expectLedgersExact(
      a,
      cards.map((c) => c.simNo),
    );
  });

  it('50 concurrent orders for one number make exactly one order and 49 × 32001', async () => {
    const [a] = pair.apps;
    const n = await numberOnSale(a, 10);
    const replies = await Promise.all(
      Array.from({ length: 50 }, async (_, i) =>
        body(
          await instance(i).inject({
            method: 'POST',
            url: '/api/shop/order/create',
            payload: orderBody(n.number, n.packageId),
            headers: { 'x-order-session-id': hex32() },
          }),
        ),
      ),
    );
    const codes = replies.map((r) => r.code);
    expect(codes.filter((c) => c === 0)).toHaveLength(1);
    expect(codes.filter((c) => c === 32001)).toHaveLength(49);
    const orders = await a.db.db.selectFrom('number_orders').select('id').where('number', '=', n.number).execute();
    expect(orders).toHaveLength(1);
  });

  it('one payment notification delivered 20 times concurrently pays the order once', async () => {
    const [a] = pair.apps;
    const n = await numberOnSale(a, 11);
    const headers = { 'x-order-session-id': hex32() };
    const order = body<{ orderNo: string }>(
      await a.inject({ method: 'POST', url: '/api/shop/order/create', payload: orderBody(n.number, n.packageId), headers }),
    ).data;
    const pay = body<{ paymentNo: string }>(
      await a.inject({ method: 'POST', url: '/api/shop/order/pay', payload: { orderNo: order.orderNo, method: 'sandbox' }, headers }),
    );
    expect(pay.code).toBe(0);
    const notification = await payAtCashier(a, pay.data.paymentNo, Date.now(), pair.config.paymentSecret);
    const replies = await Promise.all(Array.from({ length: 20 }, (_, i) => deliver(instance(i), notification)));
    expect(replies).toEqual(Array(20).fill({ status: 200, body: { code: 'SUCCESS', message: 'OK' } }));
    const o = await a.db.db.selectFrom('number_orders').selectAll().where('order_no', '=', order.orderNo).executeTakeFirstOrThrow();
    expect(o).toMatchObject({ status: 'paid', paid_payment_no: pay.data.paymentNo });
    const numberRow = await a.db.db.selectFrom('numbers').select('status').where('number', '=', n.number).executeTakeFirstOrThrow();
    expect(numberRow.status).toBe('sold');
    const outcomes = (
      await a.db.db.selectFrom('payment_notifications').select('outcome').where('payment_no', '=', pay.data.paymentNo).execute()
    ).map((r) => r.outcome);
    expect(outcomes.filter((x) => x === 'applied')).toHaveLength(1);
    expect(outcomes.filter((x) => x === 'duplicate')).toHaveLength(19);
  });
});
