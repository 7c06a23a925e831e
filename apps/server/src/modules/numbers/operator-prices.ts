import type { PriceRuleBody, PriceRulePreview, PriceRuleResult } from '@simshop/contract/admin-promoters';
import { type Kysely, type SelectQueryBuilder, sql, type Transaction } from 'kysely';
import { type DialectName, forUpdate } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';
import { invalid } from '../../lib/errors.ts';
import { TAG_BIT, tagsOfMask } from './patterns.ts';

/**
 * Bulk price rules of the operator console: the numbers on sale matching a pattern tag, an
 * operator, a province or city and a beginning or ending get a new price (set, add, percent). Held
 * and sold numbers never change: the update re-checks `on_sale` on each row it writes, in one
 * transaction with the tag postings' copy of the price.
 */

export const PERCENT_RANGE = { min: -99, max: 1000 } as const;

type Db = Kysely<Database> | Transaction<Database>;

/** The new price of a price (fen) under the rule: never below 0, percentages rounded half up to the fen. */
export function newPrice(price: number, rule: Pick<PriceRuleBody, 'mode' | 'value'>): number {
  if (rule.mode === 'set') return rule.value;
  if (rule.mode === 'add') return Math.max(0, price + rule.value);
  return Math.floor((price * (100 + rule.value) + 50) / 100);
}

function checkRule(rule: PriceRuleBody): void {
  if (rule.mode === 'set' && rule.value < 0) throw invalid('value', 'validation.min', { min: 0 });
  if (rule.mode === 'percent' && (rule.value < PERCENT_RANGE.min || rule.value > PERCENT_RANGE.max)) {
    throw invalid('value', 'priceRules.percentRange', PERCENT_RANGE);
  }
}

/** The on-sale numbers a rule's filters match. */
function matching<O>(q: SelectQueryBuilder<Database, 'numbers', O>, rule: PriceRuleBody) {
  let out = q.where('status', '=', 'on_sale');
  if (rule.tag) out = out.where(sql<number>`tags & ${sql.lit(TAG_BIT[rule.tag])}`, '<>', 0);
  if (rule.operator) out = out.where('operator', '=', rule.operator);
  if (rule.province) out = out.where('province', '=', rule.province);
  if (rule.city) out = out.where('city', '=', rule.city);
  if (rule.prefix) out = out.where('number', 'like', `${rule.prefix}%`);
  if (rule.suffix) out = out.where('rev', 'like', `${[...rule.suffix].reverse().join('')}%`);
  return out;
}

/** The SQL of the new price, as `newPrice` computes it (integer arithmetic in both databases). */
function priceExpression(rule: PriceRuleBody) {
  const v = sql.lit(rule.value);
  if (rule.mode === 'set') return sql<number>`${v}`;
  if (rule.mode === 'add') return sql<number>`case when price + ${v} < 0 then 0 else price + ${v} end`;
  return sql<number>`(price * ${sql.lit(100 + rule.value)} + 50) / 100`;
}

/** What a rule would do: how many numbers, their prices summed before and after, the first 20. Stores nothing. */
export async function previewPriceRule(db: Db, rule: PriceRuleBody): Promise<PriceRulePreview> {
  checkRule(rule);
  const [sums, sample] = await Promise.all([
    matching(db.selectFrom('numbers'), rule)
      .select((eb) => [
        eb.fn.countAll<number>().as('n'),
        eb.fn.sum<number>('price').as('before'),
        eb.fn.sum<number>(priceExpression(rule)).as('after'),
      ])
      .executeTakeFirstOrThrow(),
    matching(db.selectFrom('numbers'), rule).select(['number', 'operator', 'city', 'tags', 'price']).orderBy('number').limit(20).execute(),
  ]);
  return {
    matched: Number(sums.n),
    totalBefore: Number(sums.before ?? 0),
    totalAfter: Number(sums.after ?? 0),
    sample: sample.map((r) => ({
      number: r.number,
      operator: r.operator,
      city: r.city,
      tags: tagsOfMask(Number(r.tags)),
      price: Number(r.price),
      newPrice: newPrice(Number(r.price), rule),
    })),
  };
}

/**
 * Applies a rule in one transaction: the matching numbers are locked (PostgreSQL), each updated
 * only while still on sale, and the tag postings take the new prices. How many matched and changed.
 */
export async function applyPriceRule(
  db: Kysely<Database>,
  dialect: DialectName,
  rule: PriceRuleBody,
  now: number,
): Promise<PriceRuleResult> {
  checkRule(rule);
  return db.transaction().execute(async (trx) => {
    const rows = await forUpdate(dialect, matching(trx.selectFrom('numbers'), rule).select('id').orderBy('id')).execute();
    const ids = rows.map((r) => Number(r.id));
    let updated = 0;
    for (let i = 0; i < ids.length; i += 500) {
      const chunk = ids.slice(i, i + 500);
      const res = await trx
        .updateTable('numbers')
        .set({ price: priceExpression(rule), updated_at: now })
        .where('id', 'in', chunk)
        .where('status', '=', 'on_sale')
        .executeTakeFirst();
      updated += Number(res.numUpdatedRows);
      await trx
        .updateTable('number_tags')
        .set({ price: sql<number>`(select n.price from numbers n where n.id = number_tags.number_id)` })
        .where('number_id', 'in', chunk)
        .execute();
    }
    return { matched: ids.length, updated };
  });
}
