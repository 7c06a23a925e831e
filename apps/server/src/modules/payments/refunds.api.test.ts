import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { NO_SHOPPER } from '../../lib/context.ts';
import { hex32, testClock } from '../orders/test-kit.ts';
import type { RefundInfo } from './service.ts';

/**
 * Part refunds through the payments service, paid with the sandbox provider. A small order type of
 * the test's own records what the payments module tells its order owner.
 */
const clock = testClock();
let t: TestApp;
const told: { kind: 'part' | 'full'; orderId: number; info: RefundInfo; status: string }[] = [];

beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
  t.app.payments.registerOrderType('refund-test', {
    onPaid: async () => 'applied',
    onRefunded: async (_trx, p, _now, info) => {
      told.push({ kind: 'full', orderId: p.order_id, info, status: p.status });
    },
    onPartRefunded: async (_trx, p, info) => {
      told.push({ kind: 'part', orderId: p.order_id, info, status: p.status });
    },
  });
});
afterAll(async () => t.close());

const paymentRow = (paymentNo: string) =>
  t.app.db.db.selectFrom('payments').selectAll().where('payment_no', '=', paymentNo).executeTakeFirstOrThrow();

/** A payment of `amount` fen, paid at the sandbox and applied by asking the provider. */
async function paidPayment(amount: number) {
  const orderId = randomInt(1, 2_000_000_000);
  const payment = await t.app.payments.create({
    orderType: 'refund-test',
    orderId,
    orderNo: `X${orderId}`,
    amount,
    subject: 'refund test',
    method: 'sandbox',
    allowedMethods: ['sandbox'],
    returnUrl: '/',
    expiresAt: clock.t + 600_000,
    shopper: NO_SHOPPER,
  });
  const res = await t.app.inject({
    method: 'POST',
    url: `/sandbox/cashier/${payment.paymentNo}/pay`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: '',
  });
  expect(res.statusCode).toBe(303);
  await t.app.payments.reconcileOne(await paymentRow(payment.paymentNo));
  expect((await paymentRow(payment.paymentNo)).status).toBe('paid');
  return { paymentNo: payment.paymentNo, orderId };
}

describe('part refunds', () => {
  it('refunds parts up to the paid amount; the last part refunds the payment and the order owner hears of each with its amount', async () => {
    const { paymentNo, orderId } = await paidPayment(1000);
    const first = await t.app.payments.refundPart({ paymentNo, amount: 300, reason: 'one item missing', key: 'k1' });
    expect(first).toMatchObject({
      paymentNo,
      amount: 300,
      reason: 'one item missing',
      state: 'succeeded',
      paymentAmount: 1000,
      refundedTotal: 300,
      refundable: 700,
    });
    expect(first.refundNo).toMatch(/^R\d{20}$/);
    expect((await paymentRow(paymentNo)).status).toBe('paid');
    expect(told.filter((x) => x.orderId === orderId)).toEqual([
      {
        kind: 'part',
        orderId,
        status: 'paid',
        info: { refundNo: first.refundNo, amount: 300, reason: 'one item missing', refundedTotal: 300 },
      },
    ]);

    // The same key answers the same refund; with another amount it is refused.
    expect(await t.app.payments.refundPart({ paymentNo, amount: 300, reason: 'again', key: 'k1' })).toEqual(first);
    await expect(t.app.payments.refundPart({ paymentNo, amount: 200, reason: 'again', key: 'k1' })).rejects.toThrow(
      'Refund key: this key was used for a refund of another amount',
    );
    await expect(t.app.payments.refundPart({ paymentNo, amount: 701, reason: 'too much', key: 'k2' })).rejects.toThrow(
      'Amount: at most ¥7.00 can still be refunded',
    );
    await expect(t.app.payments.refundPart({ paymentNo, amount: 0, reason: 'zero', key: 'k3' })).rejects.toThrow(/^Amount: /);
    await expect(t.app.payments.refundPart({ paymentNo, amount: 1.5, reason: 'half fen', key: 'k4' })).rejects.toThrow(/^Amount: /);
    await expect(t.app.payments.refundPart({ paymentNo, amount: 10, reason: 'bad key', key: 'a key' })).rejects.toThrow(/^Refund key: /);

    const rest = await t.app.payments.refundPart({ paymentNo, amount: 700, reason: 'the rest', key: 'k5' });
    expect(rest).toMatchObject({ state: 'succeeded', refundedTotal: 1000, refundable: 0 });
    const p = await paymentRow(paymentNo);
    expect(p).toMatchObject({ status: 'refunded', refund_reserved: 1000, refund_settled: 1000, refund_reason: 'the rest' });
    expect(told.filter((x) => x.orderId === orderId).map((x) => [x.kind, x.status, x.info.amount, x.info.refundedTotal])).toEqual([
      ['part', 'paid', 300, 300],
      ['full', 'refunded', 700, 1000],
    ]);
    const trade = await t.app.db.db
      .selectFrom('sandbox_trades')
      .select('status')
      .where('payment_no', '=', paymentNo)
      .executeTakeFirstOrThrow();
    expect(trade.status).toBe('REFUND');
    expect((await t.app.payments.refundsOf(paymentNo)).map((r) => [r.amount, r.state])).toEqual([
      [300, 'succeeded'],
      [700, 'succeeded'],
    ]);
    await expect(t.app.payments.refundPart({ paymentNo, amount: 1, reason: 'after', key: 'k6' })).rejects.toThrow(
      'Payment: only a paid payment can be refunded',
    );
  });

  it('ten concurrent part refunds of 300 from 1000 let exactly three through; one key sent five times at once is one refund', async () => {
    const { paymentNo } = await paidPayment(1000);
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) => t.app.payments.refundPart({ paymentNo, amount: 300, reason: 'race', key: `r${i}` })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(refused).toHaveLength(7);
    for (const r of refused) expect(String(r.reason.message)).toMatch(/^Amount: at most ¥[01]\.00 can still be refunded$/);
    expect(await paymentRow(paymentNo)).toMatchObject({ status: 'paid', refund_reserved: 900, refund_settled: 900 });

    const same = await Promise.all(
      Array.from({ length: 5 }, () => t.app.payments.refundPart({ paymentNo, amount: 100, reason: 'same key', key: 'once' })),
    );
    expect(new Set(same.map((r) => r.refundNo)).size).toBe(1);
    expect(await paymentRow(paymentNo)).toMatchObject({ status: 'refunded', refund_reserved: 1000, refund_settled: 1000 });
    const sandboxRefunds = await t.app.db.db
      .selectFrom('sandbox_refunds')
      .innerJoin('sandbox_trades', 'sandbox_trades.trade_no', 'sandbox_refunds.trade_no')
      .select((eb) => eb.fn.sum<number>('sandbox_refunds.amount').as('sum'))
      .where('sandbox_trades.payment_no', '=', paymentNo)
      .executeTakeFirstOrThrow();
    expect(Number(sandboxRefunds.sum)).toBe(1000);
  });

  it('the full refund refunds what parts left; a refund owed by an order owner is kept pending until the provider is asked', async () => {
    const { paymentNo, orderId } = await paidPayment(500);
    await t.app.payments.refundPart({ paymentNo, amount: 120, reason: 'part', key: hex32() });
    const full = await t.app.payments.refund(paymentNo, 'order cancelled');
    expect(full).toMatchObject({ amount: 380, state: 'succeeded', refundedTotal: 500, refundable: 0 });
    expect(told.filter((x) => x.orderId === orderId).map((x) => [x.kind, x.info.amount])).toEqual([
      ['part', 120],
      ['full', 380],
    ]);

    const owed = await paidPayment(800);
    await t.app.db.db.transaction().execute((trx) => t.app.payments.owesRefund(trx, owed.paymentNo, 'could not be done', clock.t));
    expect(await t.app.payments.refundsOf(owed.paymentNo)).toMatchObject([{ amount: 800, state: 'pending', reason: 'could not be done' }]);
    await expect(t.app.payments.refundPart({ paymentNo: owed.paymentNo, amount: 1, reason: 'more', key: 'x' })).rejects.toThrow(
      'Amount: at most ¥0.00 can still be refunded',
    );
    // The reconcile job asks the provider once the refund has waited 30 s.
    clock.advance(31_000);
    await t.app.jobs.get('payments.reconcile')?.run(clock.t);
    expect(await t.app.payments.refundsOf(owed.paymentNo)).toMatchObject([{ amount: 800, state: 'succeeded' }]);
    expect((await paymentRow(owed.paymentNo)).status).toBe('refunded');
  });
});
