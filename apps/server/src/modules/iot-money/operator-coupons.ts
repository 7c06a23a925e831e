/**
 * Package coupons in the operator console: given to cards by a grant, listed, and taken back while
 * unused. A revoke is a conditional delete of an unused coupon, and a purchase takes a coupon by a
 * conditional update (coupons.ts), so of the two only one happens.
 */
import type { SimCoupon } from '@simshop/contract/iot-money';
import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { couponView } from './coupons.ts';

type Db = Kysely<Database>;

export interface OperatorCoupon extends SimCoupon {
  simId: number;
  sourceNo: string;
}

export interface CouponGrant {
  sourceNo: string;
  amount: number;
  minSpend: number;
  expiresAt: number;
  now: number;
}

/** Gives each card one coupon of the grant, all in one transaction. Answers how many were given. */
export async function grantCoupons(db: Db, simIds: number[], g: CouponGrant): Promise<number> {
  if (simIds.length === 0) return 0;
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < simIds.length; i += 200) {
      await trx
        .insertInto('iot_sim_coupons')
        .values(
          simIds.slice(i, i + 200).map((simId) => ({
            sim_id: simId,
            source_no: g.sourceNo,
            amount: g.amount,
            min_spend: g.minSpend,
            expires_at: g.expiresAt,
            created_at: g.now,
          })),
        )
        .execute();
    }
  });
  return simIds.length;
}

export interface CouponFilter {
  /** One card, or the cards of a subquery of ids (a storefront's), or every card. */
  simIds: number[] | SelectQueryBuilder<Database, 'iot_sims', { id: number }> | 'all';
  state?: 'unused' | 'used' | 'expired';
  now: number;
}

function filtered(db: Db, f: CouponFilter) {
  let q = db.selectFrom('iot_sim_coupons');
  if (Array.isArray(f.simIds)) q = q.where('sim_id', 'in', f.simIds.length > 0 ? f.simIds : [0]);
  else if (f.simIds !== 'all') q = q.where('sim_id', 'in', f.simIds);
  if (f.state === 'used') q = q.where('order_no', '!=', '');
  if (f.state === 'unused') q = q.where('order_no', '=', '').where('expires_at', '>', f.now);
  if (f.state === 'expired') q = q.where('order_no', '=', '').where('expires_at', '<=', f.now);
  return q;
}

/** A page of coupons, newest first. */
export async function operatorCouponList(db: Db, f: CouponFilter, page: number, pageSize: number) {
  const [rows, count] = await Promise.all([
    filtered(db, f)
      .selectAll()
      .orderBy('id', 'desc')
      .offset((page - 1) * pageSize)
      .limit(pageSize)
      .execute(),
    filtered(db, f)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return {
    list: rows.map((r): OperatorCoupon => ({ ...couponView(r, f.now), simId: Number(r.sim_id), sourceNo: r.source_no })),
    total: Number(count.n),
  };
}

export async function operatorCoupon(db: Db, id: number, now: number): Promise<OperatorCoupon | null> {
  const r = await db.selectFrom('iot_sim_coupons').selectAll().where('id', '=', id).executeTakeFirst();
  return r ? { ...couponView(r, now), simId: Number(r.sim_id), sourceNo: r.source_no } : null;
}

/** Takes back a coupon no purchase used; false when one did (or it is gone). */
export async function revokeCoupon(db: Db, id: number): Promise<boolean> {
  const done = await db.deleteFrom('iot_sim_coupons').where('id', '=', id).where('order_no', '=', '').executeTakeFirst();
  return Number(done.numDeletedRows) === 1;
}
