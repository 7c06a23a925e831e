import { type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { NumbersTable } from '../../db/schema-storefront.ts';
import { FEATURED_BIT, TAG_BIT } from './patterns.ts';

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

/**
 * Tag bits with posting lists. NO4 is left out: about 40 % of numbers have it, so walking the
 * numbers indexes finds its matches as fast, and its postings would double the table.
 */
export const POSTED_BITS: readonly number[] = [...Object.values(TAG_BIT).filter((b) => b !== TAG_BIT.NO4), FEATURED_BIT];

/** Writes the posting rows of these numbers, one per posted tag bit they have, inside the database. */
async function postTags(db: Db, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  const bits = sql.join(
    POSTED_BITS.map((b) => sql`select ${sql.lit(b)} as bit`),
    sql` union all `,
  );
  await sql`insert into number_tags (tag, number_id, operator, province, city, price, ${sql.ref('rank')})
    select b.bit, n.id, n.operator, n.province, n.city, n.price, n.${sql.ref('rank')}
    from numbers n cross join (${bits}) b
    where n.id in (${sql.join(ids)}) and (n.tags & b.bit) <> 0`.execute(db);
}

/** The numbers row of a number put on sale. */
function onSaleRow(n: NewNumber, now: number) {
  return {
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
  };
}

/** Adds numbers on sale, with their tag postings, in chunks. */
export async function insertNumbers(db: Db, numbers: NewNumber[], now: number): Promise<void> {
  for (let i = 0; i < numbers.length; i += CHUNK) {
    const chunk = numbers.slice(i, i + CHUNK);
    const inserted = await db
      .insertInto('numbers')
      .values(chunk.map((n) => onSaleRow(n, now)))
      .returning('id')
      .execute();
    await postTags(
      db,
      inserted.map((r) => r.id),
    );
  }
}

/** Adds numbers on sale, skipping any already in the inventory; how many were added. */
export async function insertNewNumbers(db: Db, numbers: NewNumber[], now: number): Promise<number> {
  if (numbers.length === 0) return 0;
  const inserted = await db
    .insertInto('numbers')
    .values(numbers.map((n) => onSaleRow(n, now)))
    .onConflict((oc) => oc.column('number').doNothing())
    .returning('id')
    .execute();
  await postTags(
    db,
    inserted.map((r) => r.id),
  );
  return inserted.length;
}

/** An operator takes a number on sale off sale (no order holds it); its tag postings go. */
export async function takeOffSale(trx: Db, number: string, now: number): Promise<boolean> {
  const row = await trx
    .updateTable('numbers')
    .set({ status: 'off_sale', updated_at: now })
    .where('number', '=', number)
    .where('status', '=', 'on_sale')
    .returning(['id', 'tags'])
    .executeTakeFirst();
  if (!row) return false;
  const bits = POSTED_BITS.filter((b) => (row.tags & b) !== 0);
  if (bits.length > 0) await trx.deleteFrom('number_tags').where('tag', 'in', bits).where('number_id', '=', row.id).execute();
  return true;
}

/** Puts a number an operator took off sale back on sale, with its tag postings. */
export async function putBackOnSale(trx: Db, number: string, now: number): Promise<boolean> {
  const row = await trx
    .updateTable('numbers')
    .set({ status: 'on_sale', updated_at: now })
    .where('number', '=', number)
    .where('status', '=', 'off_sale')
    .returning('id')
    .executeTakeFirst();
  if (!row) return false;
  await postTags(trx, [row.id]);
  return true;
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
  const { tags } = await trx.selectFrom('numbers').select('tags').where('id', '=', numberId).executeTakeFirstOrThrow();
  const bits = POSTED_BITS.filter((b) => (tags & b) !== 0);
  if (bits.length > 0) await trx.deleteFrom('number_tags').where('tag', 'in', bits).where('number_id', '=', numberId).execute();
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
  await postTags(trx, [numberId]);
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

/** Numbers on sale that last changed at or after `from`, oldest change first, `limit` from `offset`. */
export function onSaleSince(db: Db, from: number, offset: number, limit: number) {
  return db
    .selectFrom('numbers')
    .select([
      'id',
      'number',
      'operator',
      'province',
      'city',
      'price',
      'prestored',
      'min_monthly_fee',
      'tags',
      'status',
      'order_id',
      'updated_at',
    ])
    .where('status', '=', 'on_sale')
    .where('updated_at', '>=', from)
    .orderBy('updated_at')
    .orderBy('id')
    .limit(limit)
    .offset(offset)
    .execute();
}

/** The numbers of a list that are in the inventory (any status). */
export function findByNumbers(db: Db, numbers: string[]) {
  return numbers.length === 0 ? Promise.resolve([]) : db.selectFrom('numbers').selectAll().where('number', 'in', numbers).execute();
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

export function hotSearches(db: Db) {
  return db.selectFrom('hot_searches').select(['id', 'label', 'field', 'value']).orderBy('sort').orderBy('id').execute();
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
