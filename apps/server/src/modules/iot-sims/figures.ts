import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { addDays, chinaDayOf, type DayFigure, sortedDays } from '../../lib/day-figures.ts';

/** SIM figures of the console's dashboard, for the storefronts' promo codes or all. */

const ACTIVE = 2;

/** The ids of the SIMs of these storefronts. */
export async function simIdsOf(db: Kysely<Database>, promoCodes: string[]): Promise<number[]> {
  if (promoCodes.length === 0) return [];
  const rows = await db.selectFrom('iot_sims').select('id').where('promo_code', 'in', promoCodes).execute();
  return rows.map((r) => Number(r.id));
}

/** The ids of the SIMs of these storefronts, as a subquery for another module's `where sim_id in (…)`. */
export function simIdsQuery(db: Kysely<Database>, promoCodes: string[]) {
  return db
    .selectFrom('iot_sims')
    .select('id')
    .where('promo_code', 'in', promoCodes.length > 0 ? promoCodes : ['']);
}

/** SIMs active now (sim status 2, not cancelled). */
export async function activeSimCount(db: Kysely<Database>, promoCodes: string[] | 'all'): Promise<number> {
  let q = db
    .selectFrom('iot_sims')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('sim_status', '=', ACTIVE)
    .where('cancel_status', '=', 0);
  if (promoCodes !== 'all') q = q.where('promo_code', 'in', promoCodes.length > 0 ? promoCodes : ['']);
  return Number((await q.executeTakeFirstOrThrow()).n);
}

/** SIMs activated per China day in [from, to). */
export async function dailyActivations(db: Kysely<Database>, promoCodes: string[] | 'all', from: number, to: number): Promise<DayFigure[]> {
  const day = chinaDayOf('activated_at');
  let q = db
    .selectFrom('iot_sims')
    .select((eb) => [day.as('day'), eb.fn.countAll<number>().as('n')])
    .where('activated_at', '>=', from)
    .where('activated_at', '<', to);
  if (promoCodes !== 'all') q = q.where('promo_code', 'in', promoCodes.length > 0 ? promoCodes : ['']);
  const days = new Map<number, DayFigure>();
  addDays(days, await q.groupBy(day).execute());
  return sortedDays(days);
}
