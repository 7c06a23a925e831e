import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { addDays, chinaDayOf, type DayFigure, sortedDays } from '../../lib/day-figures.ts';

/** Sign-ups (accounts made by a WeChat or Alipay sign-in) per China day in [from, to), through these storefronts or all. */
export async function dailySignUps(db: Kysely<Database>, promoCodes: string[] | 'all', from: number, to: number): Promise<DayFigure[]> {
  const day = chinaDayOf('created_at');
  let q = db
    .selectFrom('mini_users')
    .select((eb) => [day.as('day'), eb.fn.countAll<number>().as('n')])
    .where('created_at', '>=', from)
    .where('created_at', '<', to);
  if (promoCodes !== 'all') q = q.where('promo_code', 'in', promoCodes.length > 0 ? promoCodes : ['']);
  const days = new Map<number, DayFigure>();
  addDays(days, await q.groupBy(day).execute());
  return sortedDays(days);
}
