import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { NumbersTable } from '../../db/schema-storefront.ts';
import { bitsOf } from './patterns.ts';

type Db = Kysely<Database> | Transaction<Database>;
export type NumberRow = Selectable<NumbersTable>;

/** A number to add to the inventory; the tag mask is already computed. */
export interface NewNumber {
  number: string;
  operator: string;
  province: string;
  city: string;
  price: number;
  prestored: number;
  minMonthlyFee: number;
  tags: number;
  rank: number;
}

const CHUNK = 500;

function tagRows(row: Pick<NumberRow, 'id' | 'tags' | 'operator' | 'province' | 'city' | 'price' | 'rank'>) {
  return bitsOf(row.tags).map((tag) => ({
    tag,
    number_id: row.id,
    operator: row.operator,
    province: row.province,
    city: row.city,
    price: row.price,
    rank: row.rank,
  }));
}

/** Adds numbers on sale, with their tag postings, in chunks. */
export async function insertNumbers(db: Db, numbers: NewNumber[], now: number): Promise<void> {
  for (let i = 0; i < numbers.length; i += CHUNK) {
    const chunk = numbers.slice(i, i + CHUNK);
    const inserted = await db
      .insertInto('numbers')
      .values(
        chunk.map((n) => ({
          number: n.number,
          segment: n.number.slice(0, 3),
          rev: [...n.number].reverse().join(''),
          operator: n.operator,
          province: n.province,
          city: n.city,
          price: n.price,
          prestored: n.prestored,
          min_monthly_fee: n.minMonthlyFee,
          tags: n.tags,
          rank: n.rank,
          status: 'on_sale',
          order_id: null,
          created_at: now,
          updated_at: now,
        })),
      )
      .returning(['id', 'number'])
      .execute();
    const idOf = new Map(inserted.map((r) => [r.number, r.id]));
    const postings = chunk.flatMap((n) => tagRows({ ...n, id: idOf.get(n.number) as number }));
    for (let j = 0; j < postings.length; j += CHUNK) {
      await db
        .insertInto('number_tags')
        .values(postings.slice(j, j + CHUNK))
        .execute();
    }
  }
}

export function findByNumber(db: Db, number: string) {
  return db.selectFrom('numbers').selectAll().where('number', '=', number).executeTakeFirst();
}

export function findById(db: Db, id: number) {
  return db.selectFrom('numbers').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Takes a number on sale for an order; false when it is not on sale any more. */
export async function hold(trx: Db, numberId: number, orderId: number, now: number): Promise<boolean> {
  const res = await trx
    .updateTable('numbers')
    .set({ status: 'held', order_id: orderId, updated_at: now })
    .where('id', '=', numberId)
    .where('status', '=', 'on_sale')
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) !== 1) return false;
  await trx.deleteFrom('number_tags').where('number_id', '=', numberId).execute();
  return true;
}

/** Puts a number held by this order back on sale; false when the order does not hold it. */
export async function release(trx: Db, numberId: number, orderId: number, now: number): Promise<boolean> {
  const res = await trx
    .updateTable('numbers')
    .set({ status: 'on_sale', order_id: null, updated_at: now })
    .where('id', '=', numberId)
    .where('order_id', '=', orderId)
    .where('status', 'in', ['held', 'sold'])
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) !== 1) return false;
  const row = await trx.selectFrom('numbers').selectAll().where('id', '=', numberId).executeTakeFirstOrThrow();
  const postings = tagRows(row);
  if (postings.length > 0) await trx.insertInto('number_tags').values(postings).execute();
  return true;
}

/** Marks a number held by this order as sold; false when the order does not hold it. */
export async function sell(trx: Db, numberId: number, orderId: number, now: number): Promise<boolean> {
  const res = await trx
    .updateTable('numbers')
    .set({ status: 'sold', updated_at: now })
    .where('id', '=', numberId)
    .where('order_id', '=', orderId)
    .where('status', '=', 'held')
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export function packagesFor(db: Db, operator: string, minMonthlyFee: number) {
  return db
    .selectFrom('number_packages')
    .selectAll()
    .where('operator', '=', operator)
    .where('enabled', '=', 1)
    .where('monthly_fee', '>=', minMonthlyFee)
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

export function findPackage(db: Db, id: number) {
  return db.selectFrom('number_packages').selectAll().where('id', '=', id).where('enabled', '=', 1).executeTakeFirst();
}

export function operatorNames(db: Db) {
  return db
    .selectFrom('dict_data')
    .select(['value', 'label'])
    .where('dict_type', '=', 'operator_type')
    .where('enabled', '=', 1)
    .orderBy('sort')
    .execute();
}

export function hotSearches(db: Db) {
  return db.selectFrom('hot_searches').select(['label', 'field', 'value']).orderBy('sort').orderBy('id').execute();
}

/**
 * Distinct values of an indexed column among numbers on sale, by index skip: one probe per value
 * instead of a scan of the inventory. Each value comes with the operator of one of its numbers.
 */
export async function distinctOnSale(db: Db, column: 'province' | 'segment'): Promise<{ value: string; operator: string }[]> {
  const found: { value: string; operator: string }[] = [];
  let after = '';
  for (;;) {
    const row = await db
      .selectFrom('numbers')
      .select([column, 'operator'])
      .where('status', '=', 'on_sale')
      .where(column, '>', after)
      .orderBy(column)
      .limit(1)
      .executeTakeFirst();
    if (!row) return found;
    const value = row[column as keyof typeof row] as string;
    found.push({ value, operator: row.operator });
    after = value;
  }
}
