import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { PaymentsTable } from '../../db/schema-storefront.ts';

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

export async function insert(db: Db, row: Omit<PaymentRow, 'id'>): Promise<PaymentRow> {
  return db.insertInto('payments').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function setTrade(db: Db, id: number, tradeNo: string, payUrl: string, now: number) {
  await db.updateTable('payments').set({ provider_trade_no: tradeNo, pay_url: payUrl, updated_at: now }).where('id', '=', id).execute();
}

/** pending|closed → paid, once: false when it was already paid or refunded. */
export async function markPaid(trx: Db, id: number, now: number, paidAt: number): Promise<boolean> {
  const res = await trx
    .updateTable('payments')
    .set({ status: 'paid', paid_at: paidAt, updated_at: now })
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

export async function requestRefund(trx: Db, id: number, reason: string, now: number): Promise<void> {
  await trx
    .updateTable('payments')
    .set({ refund_reason: reason, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'paid')
    .execute();
}

/** paid → refunded, once. */
export async function markRefunded(trx: Db, id: number, now: number): Promise<boolean> {
  const res = await trx
    .updateTable('payments')
    .set({ status: 'refunded', refunded_at: now, updated_at: now })
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

/** Pending payments old enough to ask the provider about, and paid ones whose refund is owed. */
export function needingReconcile(db: Db, olderThan: number, limit: number) {
  return db
    .selectFrom('payments')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'pending'), eb('created_at', '<=', olderThan)]),
        eb.and([eb('status', '=', 'paid'), eb('refund_reason', '<>', '')]),
      ]),
    )
    .orderBy('id')
    .limit(limit)
    .execute();
}
