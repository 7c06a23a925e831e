import { isUniqueViolation } from '../../db/dialect.ts';
import type { Deps } from '../../lib/deps.ts';
import { invalid } from '../../lib/errors.ts';
import { completedOrderOf } from '../orders/service.ts';
import type { Promoter } from '../site/service.ts';

/** 张三 → 张*, 欧阳娜娜 → 欧***, Li Lei → L****. */
export function maskName(name: string): string {
  const chars = [...name.trim()];
  return chars.length <= 1 ? '*' : `${chars[0]}${'*'.repeat(chars.length - 1)}`;
}

const maskNumber = (n: string) => `${n.slice(0, 3)}****${n.slice(7)}`;

type Row = { id: number; rating: number; buyer_name: string; content: string; number: string; created_at: number };
const toReview = (r: Row) => ({
  id: r.id,
  rating: r.rating,
  name: maskName(r.buyer_name),
  content: r.content,
  number: maskNumber(r.number),
  createdAt: r.created_at,
});

export async function listReviews(deps: Deps, promoter: Promoter, page: number, pageSize: number) {
  const base = deps.db.selectFrom('reviews').where('promoter_id', '=', promoter.id);
  const [rows, stats] = await Promise.all([
    base
      .select(['id', 'rating', 'buyer_name', 'content', 'number', 'created_at'])
      .orderBy('id', 'desc')
      .offset((page - 1) * pageSize)
      .limit(pageSize)
      .execute(),
    base.select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.sum<number>('rating').as('sum')]).executeTakeFirstOrThrow(),
  ]);
  const total = Number(stats.n);
  return { list: rows.map(toReview), total, page, pageSize, average: total ? Math.round((Number(stats.sum) / total) * 10) / 10 : 0 };
}

/** Only the buyer (logged-in mobile) of a completed order may review it, once. */
export async function createReview(deps: Deps, mobile: string, input: { orderNo: string; rating: number; content: string }) {
  const o = await completedOrderOf(deps, mobile, input.orderNo);
  try {
    const row = await deps.db
      .insertInto('reviews')
      .values({
        promoter_id: o.promoterId,
        order_id: o.id,
        number: o.number,
        buyer_name: o.buyerName,
        mobile,
        rating: input.rating,
        content: input.content.trim(),
        created_at: deps.now(),
      })
      .returning(['id', 'rating', 'buyer_name', 'content', 'number', 'created_at'])
      .executeTakeFirstOrThrow();
    return toReview(row);
  } catch (err) {
    if (isUniqueViolation(err)) throw invalid('orderNo', 'orders.alreadyReviewed');
    throw err;
  }
}
