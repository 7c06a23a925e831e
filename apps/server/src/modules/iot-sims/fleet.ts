import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** A card's data totals as last synchronised, and its bound phone. */
export interface CardUsage {
  simId: number;
  totalMb: number;
  usedMb: number;
  endAt: number;
  /** Bound phone ('' when none). */
  mobile: string;
}

/**
 * Cards with a limited data package in effect that have used at least `minPercent` of their data
 * or whose package ends within `withinMs`: a page of `limit` after card `afterId`, by id.
 */
export async function cardsNearingLimits(
  db: Kysely<Database>,
  q: { now: number; minPercent: number; withinMs: number; afterId: number; limit: number },
): Promise<CardUsage[]> {
  const rows = await db
    .selectFrom('iot_sims')
    .select(['id', 'total_flow', 'use_flow', 'end_at', 'mobile'])
    .where('id', '>', q.afterId)
    .where('is_infinite_flow', '=', 0)
    .where('total_flow', '>', 0)
    .where('end_at', '>', q.now)
    .where((eb) => eb.or([eb(eb('use_flow', '*', 100), '>=', eb('total_flow', '*', q.minPercent)), eb('end_at', '<=', q.now + q.withinMs)]))
    .orderBy('id')
    .limit(q.limit)
    .execute();
  return rows.map((r) => ({ simId: r.id, totalMb: r.total_flow, usedMb: r.use_flow, endAt: Number(r.end_at), mobile: r.mobile }));
}
