/**
 * Package coupons of a card: money off one package paid from the balance, from a minimum price,
 * until they expire. A coupon is taken by a conditional update in the purchase's transaction (so
 * one coupon pays one order), and given back in the transaction that refunds that order.
 */
import type { SimCoupon } from '@simshop/contract/iot-money';
import type { Selectable } from 'kysely';
import type { IotSimCouponsTable } from '../../db/schema-iot-money.ts';
import { invalid } from '../../lib/errors.ts';
import type { Trx } from './deps.ts';

type CouponRow = Selectable<IotSimCouponsTable>;

export function couponView(c: CouponRow, now: number): SimCoupon {
  const state = c.order_no !== '' ? 'used' : c.expires_at <= now ? 'expired' : 'unused';
  return {
    id: c.id,
    amount: c.amount,
    minSpend: c.min_spend,
    expiresAt: c.expires_at,
    state,
    orderNo: c.order_no,
    createdAt: c.created_at,
  };
}

/** Gives the card a coupon (in the caller's transaction, with the exchange that pays for it). */
export async function issueCoupon(
  trx: Trx,
  c: { simId: number; sourceNo: string; amount: number; minSpend: number; expiresAt: number; now: number },
): Promise<SimCoupon> {
  const row = await trx
    .insertInto('iot_sim_coupons')
    .values({ sim_id: c.simId, source_no: c.sourceNo, amount: c.amount, min_spend: c.minSpend, expires_at: c.expiresAt, created_at: c.now })
    .returningAll()
    .executeTakeFirstOrThrow();
  return couponView(row, c.now);
}

/** The coupons of the card, newest first; with a price, only the unused ones that apply to it, largest first. */
export async function couponsOf(db: Trx, simId: number, now: number, price?: number): Promise<SimCoupon[]> {
  const rows = await db
    .selectFrom('iot_sim_coupons')
    .selectAll()
    .where('sim_id', '=', simId)
    .$if(price !== undefined, (q) => q.where('order_no', '=', '').where('expires_at', '>', now).where('min_spend', '<=', price!))
    .orderBy(price === undefined ? 'id' : 'amount', 'desc')
    .orderBy('id', 'desc')
    .limit(100)
    .execute();
  return rows.map((r) => couponView(r, now));
}

/** Coupons of the card by exchange order number (the exchange list). */
export async function couponsBySource(db: Trx, simId: number, sourceNos: string[], now: number): Promise<Map<string, SimCoupon>> {
  if (sourceNos.length === 0) return new Map();
  const rows = await db.selectFrom('iot_sim_coupons').selectAll().where('sim_id', '=', simId).where('source_no', 'in', sourceNos).execute();
  return new Map(rows.map((r) => [r.source_no, couponView(r, now)]));
}

/**
 * Takes the card's coupon for an order of this price: the money off (never above the price), or a
 * refusal naming couponId when it is not the card's, used, expired or below its minimum price.
 */
export async function takeCoupon(trx: Trx, simId: number, couponId: number, orderNo: string, price: number, now: number): Promise<number> {
  const row = await trx
    .updateTable('iot_sim_coupons')
    .set({ order_no: orderNo, used_at: now })
    .where('id', '=', couponId)
    .where('sim_id', '=', simId)
    .where('order_no', '=', '')
    .where('expires_at', '>', now)
    .where('min_spend', '<=', price)
    .returning('amount')
    .executeTakeFirst();
  if (!row) throw invalid('couponId', 'coupon.unusable');
  return Math.min(row.amount, price);
}

/** Gives back the coupon an order used (its refund), once. */
export async function restoreCoupon(trx: Trx, simId: number, orderNo: string): Promise<void> {
  await trx
    .updateTable('iot_sim_coupons')
    .set({ order_no: '', used_at: null })
    .where('sim_id', '=', simId)
    .where('order_no', '=', orderNo)
    .execute();
}
