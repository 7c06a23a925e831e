import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { addDays, chinaDayOf, type DayFigure, sortedDays } from '../../lib/day-figures.ts';

/** The SIMs of a reach are passed as ids, this many to a query. */
const CHUNK = 1000;

/**
 * Paid IoT orders of a kind ('balance' top-ups, 'package' sales) per China day in [from, to), their
 * count and what was paid; of the given SIMs, or of all.
 */
export async function dailyIotOrders(
  db: Kysely<Database>,
  kind: 'balance' | 'package',
  simIds: number[] | 'all',
  from: number,
  to: number,
): Promise<DayFigure[]> {
  const days = new Map<number, DayFigure>();
  const chunks =
    simIds === 'all'
      ? [null]
      : Array.from({ length: Math.ceil(simIds.length / CHUNK) }, (_, i) => simIds.slice(i * CHUNK, (i + 1) * CHUNK));
  for (const ids of chunks) {
    const day = chinaDayOf('paid_at');
    let q = db
      .selectFrom('iot_orders')
      .select((eb) => [day.as('day'), eb.fn.countAll<number>().as('n'), eb.fn.sum<number>('pay_amount').as('amount')])
      .where('kind', '=', kind)
      .where('status', 'in', ['paid', 'effective'])
      .where('paid_at', '>=', from)
      .where('paid_at', '<', to);
    if (ids) q = q.where('sim_id', 'in', ids);
    addDays(days, await q.groupBy(day).execute());
  }
  return sortedDays(days);
}
