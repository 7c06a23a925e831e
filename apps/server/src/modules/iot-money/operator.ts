/** What the operator console does with a card's money: manual adjustments and the card's orders. */
import type { IotOrderView } from '@simshop/contract/iot-money';
import type { Db } from '../../db/kysely.ts';
import type { Language } from '../../lib/messages.ts';
import { lockCard } from '../iot-sims/service.ts';
import { postOrFail } from './ledger.ts';
import { orderList } from './lists.ts';

/** The ledger reason of an operator's manual adjustment. */
export const ADJUSTMENT = 'adjustment';

/**
 * Credits (delta > 0) or debits (delta < 0) the card's balance in one transaction, through the
 * ledger (reason `adjustment`, the operator's reason as the remark). A debit never takes the
 * balance below zero (refused, `-1` on `balance`). Returns the balance after and the entry's id.
 */
export async function adjustBalance(
  db: Db,
  input: { simId: number; delta: number; remark: string; now: number },
): Promise<{ before: number; balance: number; entryId: number }> {
  return db.db.transaction().execute(async (trx) => {
    const card = await lockCard(trx, db.dialect, input.simId);
    const balance = await postOrFail(trx, {
      simId: input.simId,
      account: 'balance',
      delta: input.delta,
      reason: ADJUSTMENT,
      remark: input.remark,
      now: input.now,
    });
    const entry = await trx
      .selectFrom('iot_ledger_entries')
      .select('id')
      .where('sim_id', '=', input.simId)
      .where('reason', '=', ADJUSTMENT)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    return { before: card.balance, balance, entryId: Number(entry.id) };
  });
}

/** The card's IoT orders (packages, top-ups), newest first, with the payment each was paid by. */
export async function operatorOrders(
  db: Db,
  simId: number,
  page: number,
  pageSize: number,
  language: Language,
): Promise<{ list: (IotOrderView & { paymentNo: string })[]; total: number }> {
  const views = await orderList(db.db, simId, ['package', 'balance', 'coupon'], page, pageSize, language);
  const numbers = views.list.map((o) => o.orderNo);
  const rows =
    numbers.length === 0
      ? []
      : await db.db.selectFrom('iot_orders').select(['order_no', 'payment_no']).where('order_no', 'in', numbers).execute();
  const paymentOf = new Map(rows.map((r) => [r.order_no, r.payment_no]));
  return { list: views.list.map((o) => ({ ...o, paymentNo: paymentOf.get(o.orderNo) ?? '' })), total: views.total };
}
