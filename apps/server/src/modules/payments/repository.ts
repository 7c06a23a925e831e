import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { PaymentRefundsTable, PaymentsTable } from '../../db/schema-storefront.ts';

type Db = Kysely<Database> | Transaction<Database>;
export type PaymentRow = Selectable<PaymentsTable>;

export function findByNo(db: Db, paymentNo: string) {
  return db.selectFrom('payments').selectAll().where('payment_no', '=', paymentNo).executeTakeFirst();
}

export function latestForOrder(db: Db, orderType: string, orderId: number) {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('order_type', '=', orderType)
    .where('order_id', '=', orderId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export function pendingForOrder(db: Db, orderType: string, orderId: number) {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('order_type', '=', orderType)
    .where('order_id', '=', orderId)
    .where('status', '=', 'pending')
    .orderBy('id', 'desc')
    .execute();
}

export async function insert(db: Db, row: Omit<PaymentRow, 'id' | 'refund_reserved' | 'refund_settled'>): Promise<PaymentRow> {
  return db.insertInto('payments').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function setTrade(db: Db, id: number, tradeNo: string, payUrl: string, payParams: string, now: number) {
  await db
    .updateTable('payments')
    .set({ provider_trade_no: tradeNo, pay_url: payUrl, pay_params: payParams, updated_at: now })
    .where('id', '=', id)
    .execute();
}

/** pending|closed → paid, once: false when it was already paid or refunded. */
export async function markPaid(trx: Db, id: number, now: number, paidAt: number, tradeNo: string): Promise<boolean> {
  const res = await trx
    .updateTable('payments')
    .set({ status: 'paid', paid_at: paidAt, provider_trade_no: tradeNo, updated_at: now })
    .where('id', '=', id)
    .where('status', 'in', ['pending', 'closed'])
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function markClosed(db: Db, id: number, now: number): Promise<boolean> {
  const res = await db
    .updateTable('payments')
    .set({ status: 'closed', closed_at: now, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** paid → refunded, once, with the reason of the refund that completed it. */
export async function markRefunded(trx: Db, id: number, now: number, reason: string): Promise<boolean> {
  const res = await trx
    .updateTable('payments')
    .set({ status: 'refunded', refunded_at: now, refund_reason: reason, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'paid')
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function logNotification(
  db: Db,
  row: { method: string; payment_no: string; outcome: string; detail: string; body: string; ip: string; created_at: number },
) {
  await db.insertInto('payment_notifications').values(row).execute();
}

/** Pending payments old enough to ask the provider about. */
export function needingReconcile(db: Db, olderThan: number, limit: number) {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('status', '=', 'pending')
    .where('created_at', '<=', olderThan)
    .orderBy('id')
    .limit(limit)
    .execute();
}

export type RefundRow = Selectable<PaymentRefundsTable>;

export function refundByNo(db: Db, refundNo: string) {
  return db.selectFrom('payment_refunds').selectAll().where('refund_no', '=', refundNo).executeTakeFirst();
}

export function refundByKey(db: Db, paymentId: number, key: string) {
  return db.selectFrom('payment_refunds').selectAll().where('payment_id', '=', paymentId).where('idem_key', '=', key).executeTakeFirst();
}

export function refundsOf(db: Db, paymentId: number) {
  return db.selectFrom('payment_refunds').selectAll().where('payment_id', '=', paymentId).orderBy('id').execute();
}

/**
 * Reserves `amount` of a paid payment for a refund with one conditional update: of any number of
 * concurrent requests, those whose sum fits go through.
 */
export async function reserveRefund(trx: Db, id: number, amount: number, now: number): Promise<boolean> {
  const res = await trx
    .updateTable('payments')
    .set((eb) => ({ refund_reserved: eb('refund_reserved', '+', amount), updated_at: now }))
    .where('id', '=', id)
    .where('status', '=', 'paid')
    .where((eb) => eb(eb('refund_reserved', '+', amount), '<=', eb.ref('amount')))
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Reserves whatever is not reserved yet (a refund owed in full): the amount reserved, 0 when none is left. */
export async function reserveRest(trx: Db, id: number, now: number): Promise<number> {
  for (;;) {
    const p = await trx.selectFrom('payments').select(['amount', 'refund_reserved', 'status']).where('id', '=', id).executeTakeFirst();
    if (p?.status !== 'paid' || p.refund_reserved >= p.amount) return 0;
    const res = await trx
      .updateTable('payments')
      .set({ refund_reserved: p.amount, updated_at: now })
      .where('id', '=', id)
      .where('status', '=', 'paid')
      .where('refund_reserved', '=', p.refund_reserved)
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) === 1) return p.amount - p.refund_reserved;
  }
}

/** A new pending refund of a payment, under the caller's key (`owed` for one the shop owes). */
export async function insertRefund(
  db: Db,
  r: { refundNo: string; payment: { id: number; payment_no: string }; amount: number; reason: string; key: string; now: number },
): Promise<RefundRow> {
  return db
    .insertInto('payment_refunds')
    .values({
      refund_no: r.refundNo,
      payment_id: r.payment.id,
      payment_no: r.payment.payment_no,
      amount: r.amount,
      reason: r.reason.slice(0, 200),
      idem_key: r.key,
      state: 'pending',
      provider_refund_no: '',
      detail: '',
      attempts: 0,
      created_at: r.now,
      updated_at: r.now,
      settled_at: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function noteRefundAttempt(db: Db, id: number, providerRefundNo: string, detail: string, now: number) {
  await db
    .updateTable('payment_refunds')
    .set((eb) => ({
      provider_refund_no: providerRefundNo,
      detail: detail.slice(0, 500),
      attempts: eb('attempts', '+', 1),
      updated_at: now,
    }))
    .where('id', '=', id)
    .execute();
}

/** pending → succeeded | failed, once. */
export async function settleRefundRow(
  trx: Db,
  id: number,
  state: 'succeeded' | 'failed',
  providerRefundNo: string,
  detail: string,
  now: number,
): Promise<boolean> {
  const res = await trx
    .updateTable('payment_refunds')
    .set({ state, provider_refund_no: providerRefundNo, detail: detail.slice(0, 500), settled_at: now, updated_at: now })
    .where('id', '=', id)
    .where('state', '=', 'pending')
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Adds a done refund to the payment: its new refunded sum (the row lock orders concurrent ones). */
export async function addSettled(trx: Db, id: number, amount: number, now: number): Promise<number> {
  const row = await trx
    .updateTable('payments')
    .set((eb) => ({ refund_settled: eb('refund_settled', '+', amount), updated_at: now }))
    .where('id', '=', id)
    .returning('refund_settled')
    .executeTakeFirstOrThrow();
  return row.refund_settled;
}

/** A refused refund gives its reservation back. */
export async function releaseReserved(trx: Db, id: number, amount: number, now: number) {
  await trx
    .updateTable('payments')
    .set((eb) => ({ refund_reserved: eb('refund_reserved', '-', amount), updated_at: now }))
    .where('id', '=', id)
    .execute();
}

export function pendingRefunds(db: Db, olderThan: number, limit: number) {
  return db
    .selectFrom('payment_refunds')
    .selectAll()
    .where('state', '=', 'pending')
    .where('updated_at', '<=', olderThan)
    .orderBy('id')
    .limit(limit)
    .execute();
}

export function pendingRefundsOf(db: Db, paymentId: number) {
  return db
    .selectFrom('payment_refunds')
    .selectAll()
    .where('payment_id', '=', paymentId)
    .where('state', '=', 'pending')
    .orderBy('id')
    .execute();
}

/** Payments of these order types paid in [from, to) (the reconciliation report). */
export function paidBetween(db: Db, orderTypes: string[], from: number, to: number) {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('order_type', 'in', orderTypes)
    .where('paid_at', '>=', from)
    .where('paid_at', '<', to)
    .orderBy('paid_at')
    .orderBy('id')
    .execute();
}

export function byNos(db: Db, paymentNos: string[]) {
  if (paymentNos.length === 0) return Promise.resolve([]);
  return db.selectFrom('payments').selectAll().where('payment_no', 'in', paymentNos).execute();
}

/** Refunds of payments of these order types asked for in [from, to), with their payment's order. */
export function refundsBetween(db: Db, orderTypes: string[], from: number, to: number) {
  return db
    .selectFrom('payment_refunds as r')
    .innerJoin('payments as p', 'p.id', 'r.payment_id')
    .select([
      'r.refund_no',
      'r.payment_no',
      'r.amount',
      'r.reason',
      'r.state',
      'r.created_at',
      'r.settled_at',
      'p.order_type',
      'p.order_no',
      'p.method',
    ])
    .where('p.order_type', 'in', orderTypes)
    .where('r.created_at', '>=', from)
    .where('r.created_at', '<', to)
    .orderBy('r.created_at')
    .orderBy('r.id')
    .execute();
}
