/** Refunds of top-ups paid online, in part or in full: what the card gives back through its ledger. */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { invalid } from '../../lib/errors.ts';
import { cardById } from '../iot-sims/service.ts';
import type { OrderRow } from './order-store.ts';

/** The ledger reason of what a part refund of a top-up takes back. */
export const TOPUP_PART_REFUND = 'topup_refund';

/** What earlier part refunds of a top-up took back (from its account, or owed as arrears). */
export async function partRefundsTaken(db: Kysely<Database>, order: Pick<OrderRow, 'order_no' | 'sim_id'>): Promise<number> {
  const rows = await db
    .selectFrom('iot_ledger_entries')
    .select(['account', 'delta'])
    .where('sim_id', '=', order.sim_id)
    .where('order_no', '=', order.order_no)
    .where('reason', '=', TOPUP_PART_REFUND)
    .execute();
  return rows.reduce((sum, e) => sum + Math.abs(Number(e.delta)), 0);
}

export interface TopupRefundPlan {
  paymentNo: string;
  kind: 'balance' | 'coupon';
  /** What the card gives back for it: balance (fen) for a balance top-up, coins for a coin top-up. */
  take: number;
}

/**
 * Checks that `orderNo` is a top-up of the card, paid online and credited, and that the card still
 * holds what refunding `amount` of it takes back (`restOfPayment`: what the payment has left to
 * refund; refunding all of it takes back the offer's bonus too). Refused otherwise.
 */
/** The payment of a card's top-up (`-1 admin.noSuchObject` when the card has no such order). */
export async function topupPaymentNo(db: Kysely<Database>, simId: number, orderNo: string): Promise<string> {
  const order = await db
    .selectFrom('iot_orders')
    .select('payment_no')
    .where('order_no', '=', orderNo)
    .where('sim_id', '=', simId)
    .executeTakeFirst();
  if (!order) throw invalid('orderNo', 'admin.noSuchObject');
  return order.payment_no;
}

export async function planTopupRefund(
  db: Kysely<Database>,
  simId: number,
  orderNo: string,
  amount: number,
  restOfPayment: (paymentNo: string) => Promise<number>,
): Promise<TopupRefundPlan> {
  const order = await db
    .selectFrom('iot_orders')
    .selectAll()
    .where('order_no', '=', orderNo)
    .where('sim_id', '=', simId)
    .executeTakeFirst();
  if (!order) throw invalid('orderNo', 'admin.noSuchObject');
  if (order.kind === 'package' || order.status !== 'effective' || order.payment_no === '')
    throw invalid('orderNo', 'payments.refundOnlyPaid');
  const rest = await restOfPayment(order.payment_no);
  if (rest <= 0) throw invalid('orderNo', 'payments.refundOnlyPaid');
  if (amount > rest) throw invalid('amount', 'payments.refundTooMuch', { refundable: `¥${(rest / 100).toFixed(2)}` });
  const credited = order.kind === 'balance' ? order.credit_balance : order.credit_coin;
  const take = amount === rest ? Math.max(0, credited - (await partRefundsTaken(db, order))) : amount;
  const card = await cardById(db, simId);
  if (order.kind === 'balance' && card.balance < take) throw invalid('amount', 'ledger.balanceShort');
  if (order.kind === 'coupon' && card.coupon_coin < take) throw invalid('amount', 'ledger.coinsShort');
  return { paymentNo: order.payment_no, kind: order.kind, take };
}
