import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { POSTED_BITS } from './repository.ts';

/**
 * The numberList query. Two plans, both index ranges whose cost does not grow with the inventory:
 * - with a posted tag (a pattern or featured), the tag's posting list in number_tags drives, by
 *   (tag, city | province, rank) or (tag, price); numbers is joined by primary key for the rest;
 * - without one, numbers drives by (status, city | province | segment, rank) or (status, price),
 *   checking the tag mask (no-4, about 40 % of numbers, has no posting list).
 * The total is counted up to COUNT_CAP + 1 rows only.
 */

export const COUNT_CAP = 1000;

/**
 * One agent's markup over the price below it (spec §6 custom prices): the markup of the first
 * rule whose tag bit the number has, else `otherwise`. A storefront's price is the number's own
 * price plus the markups of the agents above it.
 */
export interface MarkupLayer {
  byBits: { bit: number; markup: number }[];
  otherwise: number;
}

export interface NumberFilter {
  /** Tag bits that must all be set; the first with a posting list drives the plan. */
  bits: number[];
  operator?: string;
  province?: string;
  city?: string;
  segment?: string;
  contains?: string;
  endsWith?: string;
  minPrice?: number;
  maxPrice?: number;
  /** The storefront's markups: the price filters and sorts then apply to the price its shoppers see. */
  markups?: MarkupLayer[];
  sort: 'default' | 'price_asc' | 'price_desc';
  offset: number;
  limit: number;
}

const ITEM_COLUMNS = ['n.id', 'n.number', 'n.segment', 'n.operator', 'n.province', 'n.city', 'n.price', 'n.prestored', 'n.tags'] as const;

export type ListedNumber = {
  id: number;
  number: string;
  segment: string;
  operator: string;
  province: string;
  city: string;
  price: number;
  prestored: number;
  tags: number;
};

/** Reversed "ends with" digits as a range of the reversed number: every 11-digit string starting with them. */
function revRange(endsWith: string): [string, string] {
  const r = [...endsWith].reverse().join('');
  return [r, r.padEnd(11, '9')];
}

/** The markup of a number under the layers, for the number's tag mask. */
export function markupOf(layers: MarkupLayer[], tags: number): number {
  return layers.reduce((sum, l) => sum + (l.byBits.find((r) => (tags & r.bit) !== 0)?.markup ?? l.otherwise), 0);
}

/** The least and the most the layers can add to a number's price. */
function markupBounds(layers: MarkupLayer[]): [number, number] {
  const each = layers.map((l) => [l.otherwise, ...l.byBits.map((r) => r.markup)]);
  return [each.reduce((s, m) => s + Math.min(...m), 0), each.reduce((s, m) => s + Math.max(...m), 0)];
}

/**
 * The price a storefront's shoppers see, as SQL over the numbers row `n`. The bits and markups
 * are integers of the server's own (validated markups), written as literals so that PostgreSQL
 * types the sum as it does the price.
 */
function shownPrice(layers: MarkupLayer[]) {
  const int = (v: number) => sql.lit(Math.trunc(v));
  const cases = layers.map((l) =>
    l.byBits.length === 0
      ? int(l.otherwise)
      : sql`(case ${sql.join(
          l.byBits.map((r) => sql`when (n.tags & ${int(r.bit)}) <> 0 then ${int(r.markup)}`),
          sql` `,
        )} else ${int(l.otherwise)} end)`,
  );
  return sql<number>`(n.price + ${sql.join(cases, sql` + `)})`;
}

/** Markups that change some price (none for a storefront selling at the numbers' own prices). */
function activeMarkups(f: NumberFilter): MarkupLayer[] | undefined {
  return f.markups?.some((l) => l.otherwise !== 0 || l.byBits.some((r) => r.markup !== 0)) ? f.markups : undefined;
}

const pricedByMarkup = (f: NumberFilter) =>
  activeMarkups(f) !== undefined && (f.minPrice !== undefined || f.maxPrice !== undefined || f.sort !== 'default');

function restrictNumbers<O>(q: SelectQueryBuilder<any, any, O>, f: NumberFilter, otherBits: number): SelectQueryBuilder<any, any, O> {
  let out = q;
  const markups = activeMarkups(f);
  if (markups && f.minPrice !== undefined) out = out.where(shownPrice(markups), '>=', f.minPrice);
  if (markups && f.maxPrice !== undefined) out = out.where(shownPrice(markups), '<=', f.maxPrice);
  if (f.segment) out = out.where('n.segment', '=', f.segment);
  if (f.contains) out = out.where('n.number', 'like', `%${f.contains}%`);
  if (f.endsWith) {
    const [lo, hi] = revRange(f.endsWith);
    out = out.where('n.rev', '>=', lo).where('n.rev', '<=', hi);
  }
  if (otherBits) out = out.where(sql`n.tags & ${otherBits}`, '=', otherBits);
  return out;
}

function restrictCommon<O>(q: SelectQueryBuilder<any, any, O>, alias: 't' | 'n', f: NumberFilter): SelectQueryBuilder<any, any, O> {
  let out = q;
  // A city lies in its province, so the city alone selects (and picks the narrower index).
  if (f.city) out = out.where(`${alias}.city`, '=', f.city);
  else if (f.province) out = out.where(`${alias}.province`, '=', f.province);
  if (f.operator) out = out.where(`${alias}.operator`, '=', f.operator);
  // With markups the shown price is checked on the numbers row; the own price bounds it here, on the index.
  const markups = activeMarkups(f);
  const [least, most] = markups ? markupBounds(markups) : [0, 0];
  if (f.minPrice !== undefined) out = out.where(`${alias}.price`, '>=', f.minPrice - most);
  if (f.maxPrice !== undefined) out = out.where(`${alias}.price`, '<=', f.maxPrice - least);
  return out;
}

function order<O>(q: SelectQueryBuilder<any, any, O>, alias: 't' | 'n', f: NumberFilter): SelectQueryBuilder<any, any, O> {
  const id = alias === 't' ? 't.number_id' : 'n.id';
  const markups = activeMarkups(f);
  if (markups && f.sort !== 'default') {
    const direction = f.sort === 'price_asc' ? 'asc' : 'desc';
    return q.orderBy(shownPrice(markups), direction).orderBy(id, direction);
  }
  if (f.sort === 'price_asc') return q.orderBy(`${alias}.price`).orderBy(id);
  if (f.sort === 'price_desc') return q.orderBy(`${alias}.price`, 'desc').orderBy(id, 'desc');
  return q.orderBy(`${alias}.rank`).orderBy(id);
}

function needsNumbers(f: NumberFilter, otherBits: number): boolean {
  return Boolean(f.segment || f.contains || f.endsWith || otherBits || pricedByMarkup(f));
}

async function countCapped(db: Kysely<Database>, inner: SelectQueryBuilder<any, any, any>): Promise<number> {
  const row = await db
    .selectFrom(inner.limit(COUNT_CAP + 1).as('c'))
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

const maskOf = (bits: number[]) => bits.reduce((m, b) => m | b, 0);

function byTag(db: Kysely<Database>, f: NumberFilter, drive: number) {
  const otherBits = maskOf(f.bits.filter((b) => b !== drive));
  const base = restrictCommon(db.selectFrom('number_tags as t').where('t.tag', '=', drive), 't', f);
  const joined = restrictNumbers(base.innerJoin('numbers as n', 'n.id', 't.number_id'), f, otherBits);
  const list = order(joined, 't', f).select(ITEM_COLUMNS).offset(f.offset).limit(f.limit);
  const counted = (needsNumbers(f, otherBits) ? joined : base).select(sql`1`.as('one'));
  return { list, counted };
}

function byNumbers(db: Kysely<Database>, f: NumberFilter) {
  const base = restrictNumbers(restrictCommon(db.selectFrom('numbers as n').where('n.status', '=', 'on_sale'), 'n', f), f, maskOf(f.bits));
  const list = order(base, 'n', f).select(ITEM_COLUMNS).offset(f.offset).limit(f.limit);
  return { list, counted: base.select(sql`1`.as('one')) };
}

export async function searchNumbers(db: Kysely<Database>, f: NumberFilter): Promise<{ rows: ListedNumber[]; total: number }> {
  const drive = f.bits.find((b) => POSTED_BITS.includes(b));
  const { list, counted } = drive !== undefined ? byTag(db, f, drive) : byNumbers(db, f);
  const [rows, total] = await Promise.all([list.execute() as Promise<ListedNumber[]>, countCapped(db, counted)]);
  return { rows, total };
}
