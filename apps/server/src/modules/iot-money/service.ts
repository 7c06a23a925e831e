/**
 * What other modules use of IoT money: postings to a card's ledgers (in the caller's transaction,
 * so their own rows and the money commit together), moves of points (spendPoints, creditPoints) and
 * facts about the card's orders.
 */

import type { CreateTopupBody, IotOrderReply, TopupChooseReply } from '@simshop/contract/iot-money';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { IotOrderKind } from '../../db/schema-iot-money.ts';
import type { Language } from '../../lib/messages.ts';
import type { Caller } from './deps.ts';

export { assertUsable } from './card.ts';
export { couponsBySource, couponsOf, issueCoupon } from './coupons.ts';
export { dailyIotOrders } from './figures.ts';
export {
  type CouponFilter,
  grantCoupons,
  type OperatorCoupon,
  operatorCoupon,
  operatorCouponList,
  revokeCoupon,
} from './operator-coupons.ts';
export { enableOffer, type OperatorTopupOffer, operatorOffer, operatorOffers, saveOffer } from './operator-offers.ts';
export { type OperatorPackage, operatorPackage, operatorPackageList, savePackage } from './operator-packages.ts';

import { postOrFail } from './ledger.ts';

export { type Posting, post, postOrFail } from './ledger.ts';
export { ledgerList, orderList } from './lists.ts';
export { checkPayPassword } from './pay-password.ts';
export type { ComingRenewal } from './renewal.ts';
export { discountedPrice } from './rules.ts';

/** Whether the card has an order of one of these kinds that took effect (a top-up credited, a package opened). */
export async function hasEffectiveOrder(db: Kysely<Database>, simId: number, kinds: IotOrderKind[]): Promise<boolean> {
  const row = await db
    .selectFrom('iot_orders')
    .select('id')
    .where('sim_id', '=', simId)
    .where('kind', 'in', kinds)
    .where('status', '=', 'effective')
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export interface PointsMove {
  simId: number;
  /** Whole points, above zero. */
  points: number;
  /** Why, as the points log shows it (`mall_purchase`, `mall_refund`…). */
  reason: string;
  orderNo: string;
  now: number;
}

function checked(p: PointsMove): number {
  if (!Number.isSafeInteger(p.points) || p.points <= 0)
    throw new RangeError(`points to move must be a whole number above 0, got ${p.points}`);
  return p.points;
}

/** Takes points from the card; refused (-1 naming `integral`) when it holds fewer. Returns the points left. */
export function spendPoints(trx: Kysely<Database>, p: PointsMove): Promise<number> {
  return postOrFail(trx, { simId: p.simId, account: 'integral', delta: -checked(p), reason: p.reason, orderNo: p.orderNo, now: p.now });
}

/** Gives points to the card (a reward, or points returned). Returns the points after. */
export function creditPoints(trx: Kysely<Database>, p: PointsMove): Promise<number> {
  return postOrFail(trx, { simId: p.simId, account: 'integral', delta: checked(p), reason: p.reason, orderNo: p.orderNo, now: p.now });
}

/** What other modules use of IoT money that needs its running parts (the payment module, settings cache). */
export interface MoneyTopups {
  /** The top-up amounts and offers of a card's promoter. */
  choose(simId: number, language: Language): Promise<TopupChooseReply>;
  /** Opens an online balance top-up of a card; the cashier comes back to `returnUrl(orderNo)`. */
  create(caller: Caller, body: CreateTopupBody, returnUrl: (orderNo: string) => string): Promise<IotOrderReply>;
  /** One order of the card (checks a pending payment with its provider first). */
  details(simId: number, orderNo: string, language: Language): Promise<IotOrderReply>;
}

export { ADJUSTMENT, adjustBalance, operatorOrders } from './operator.ts';
export { planTopupRefund, TOPUP_PART_REFUND, type TopupRefundPlan, topupPaymentNo } from './refunds.ts';
