/** Unpaid online orders end when their time is up (or their payment cannot be opened), giving back their stock. */
import type { Job } from '../../lib/jobs.ts';
import { type MoneyDeps, ORDER_TYPE } from './deps.ts';
import type { OrderRow } from './order-store.ts';
import { releaseStock } from './stock.ts';

/**
 * Ends an order still pending and gives back the flash-sale unit it held; false when it was no
 * longer pending (paid or ended meanwhile).
 */
export async function endPendingOrder(
  deps: MoneyDeps,
  order: Pick<OrderRow, 'id' | 'package_id'>,
  status: 'closed' | 'failed',
  reason: string,
  now: number,
): Promise<boolean> {
  return deps.db.db.transaction().execute(async (trx) => {
    const r = await trx
      .updateTable('iot_orders')
      .set({ status, fail_reason: reason, updated_at: now })
      .where('id', '=', order.id)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) !== 1) return false;
    await releaseStock(trx, order.package_id, now);
    return true;
  });
}

/** Unpaid online orders past their time are closed (a payment made meanwhile is applied instead). */
export async function closeExpiredOrders(deps: MoneyDeps, now: number): Promise<number> {
  const rows = await deps.db.db
    .selectFrom('iot_orders')
    .select(['id', 'package_id'])
    .where('status', '=', 'pending')
    .where('expires_at', '<=', now)
    .orderBy('id')
    .limit(100)
    .execute();
  let closed = 0;
  for (const row of rows) {
    for (const p of await deps.payments.pendingOf(ORDER_TYPE, row.id)) await deps.payments.reconcileOne(p);
    if (await endPendingOrder(deps, row, 'closed', 'not paid in time', now)) closed++;
  }
  return closed;
}

export function orderJobs(deps: MoneyDeps): Job[] {
  return [{ name: 'iot.closeExpiredOrders', everyMs: 60_000, run: (now) => closeExpiredOrders(deps, now) }];
}
