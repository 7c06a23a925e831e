/** The mall's own tables: goods, categories, banners, pick-up points, addresses and orders. */
import { type Insertable, type Kysely, type Selectable, sql } from 'kysely';
import { type DialectName, forUpdate } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';
import type { MallGoodsTable, MallOrderStatusValue, MallOrdersTable, MallTables } from '../../db/schema-mall.ts';

type Db = Kysely<Database>;
export type GoodsRow = Selectable<MallGoodsTable>;
export type OrderRow = Selectable<MallOrdersTable>;
export type AddressRow = Selectable<MallTables['mall_addresses']>;
export type StoreRow = Selectable<MallTables['mall_stores']>;

/** Orders that hold their pieces and count towards a card's limit. */
export const HOLDING: MallOrderStatusValue[] = ['pending', 'paid', 'shipped', 'completed'];

// ---- catalogue ----

export function categories(db: Db) {
  return db.selectFrom('mall_categories').selectAll().where('enabled', '=', 1).orderBy('sort').orderBy('id').execute();
}

export function banners(db: Db) {
  return db.selectFrom('mall_banners').selectAll().where('enabled', '=', 1).orderBy('sort').orderBy('id').execute();
}

export function goodsOnSale(db: Db): Promise<GoodsRow[]> {
  return db.selectFrom('mall_goods').selectAll().where('on_sale', '=', 1).orderBy('sort').orderBy('id').execute();
}

export function goodsById(db: Db, id: number): Promise<GoodsRow | undefined> {
  return db.selectFrom('mall_goods').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Takes `quantity` pieces when that many are left: the single conditional update decides, so stock is never oversold. */
export async function takeStock(db: Db, goodsId: number, quantity: number, now: number): Promise<boolean> {
  const res = await db
    .updateTable('mall_goods')
    .set({ sold: sql<number>`sold + ${quantity}`, updated_at: now })
    .where('id', '=', goodsId)
    .where('on_sale', '=', 1)
    .where(sql<boolean>`sold + ${quantity} <= stock`)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function releaseStock(db: Db, goodsId: number, quantity: number, now: number): Promise<void> {
  await db
    .updateTable('mall_goods')
    .set({ sold: sql<number>`sold - ${quantity}`, updated_at: now })
    .where('id', '=', goodsId)
    .execute();
}

/** Pieces of a good a card holds in orders not cancelled or closed. */
export async function boughtBy(db: Db, simId: number, goodsId: number): Promise<number> {
  const row = await db
    .selectFrom('mall_orders')
    .select((eb) => eb.fn.sum<number>('quantity').as('n'))
    .where('goods_id', '=', goodsId)
    .where('sim_id', '=', simId)
    .where('status', 'in', HOLDING)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export function stores(db: Db): Promise<StoreRow[]> {
  return db.selectFrom('mall_stores').selectAll().where('enabled', '=', 1).orderBy('sort').orderBy('id').execute();
}

export function storeById(db: Db, id: number): Promise<StoreRow | undefined> {
  return db.selectFrom('mall_stores').selectAll().where('id', '=', id).executeTakeFirst();
}

// ---- addresses ----

export function addressesOf(db: Db, simId: number): Promise<AddressRow[]> {
  return db
    .selectFrom('mall_addresses')
    .selectAll()
    .where('sim_id', '=', simId)
    .orderBy('is_default', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export function addressOf(db: Db, simId: number, id: number): Promise<AddressRow | undefined> {
  return db.selectFrom('mall_addresses').selectAll().where('sim_id', '=', simId).where('id', '=', id).executeTakeFirst();
}

export async function countAddresses(db: Db, simId: number): Promise<number> {
  const row = await db
    .selectFrom('mall_addresses')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('sim_id', '=', simId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function insertAddress(db: Db, row: Insertable<MallTables['mall_addresses']>): Promise<AddressRow> {
  return db.insertInto('mall_addresses').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function updateAddress(db: Db, simId: number, id: number, change: Partial<Omit<AddressRow, 'id' | 'sim_id'>>): Promise<void> {
  await db.updateTable('mall_addresses').set(change).where('sim_id', '=', simId).where('id', '=', id).execute();
}

export async function deleteAddress(db: Db, simId: number, id: number): Promise<boolean> {
  const res = await db.deleteFrom('mall_addresses').where('sim_id', '=', simId).where('id', '=', id).executeTakeFirst();
  return Number(res.numDeletedRows) === 1;
}

/** Makes one address the card's default and every other one not. */
export async function markDefault(db: Db, simId: number, id: number, now: number): Promise<void> {
  await db
    .updateTable('mall_addresses')
    .set({ is_default: sql<number>`case when id = ${id} then 1 else 0 end`, updated_at: now })
    .where('sim_id', '=', simId)
    .where((eb) => eb.or([eb('is_default', '=', 1), eb('id', '=', id)]))
    .execute();
}

// ---- orders ----

export function insertOrder(db: Db, row: Insertable<MallOrdersTable>): Promise<OrderRow> {
  return db.insertInto('mall_orders').values(row).returningAll().executeTakeFirstOrThrow();
}

export function orderOfCard(db: Db, simId: number, orderNo: string): Promise<OrderRow | undefined> {
  return db.selectFrom('mall_orders').selectAll().where('order_no', '=', orderNo).where('sim_id', '=', simId).executeTakeFirst();
}

export function orderByNo(db: Db, orderNo: string): Promise<OrderRow | undefined> {
  return db.selectFrom('mall_orders').selectAll().where('order_no', '=', orderNo).executeTakeFirst();
}

export function lockOrder(db: Db, dialect: DialectName, id: number): Promise<OrderRow | undefined> {
  return forUpdate(dialect, db.selectFrom('mall_orders').selectAll().where('id', '=', id)).executeTakeFirst();
}

/** Moves an order from one of `from` to a new state; false when it was in none of them (someone else moved it first). */
export async function transition(
  db: Db,
  id: number,
  from: MallOrderStatusValue[],
  change: Partial<Omit<OrderRow, 'id'>>,
): Promise<boolean> {
  const res = await db.updateTable('mall_orders').set(change).where('id', '=', id).where('status', 'in', from).executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function setOrder(db: Db, id: number, change: Partial<Omit<OrderRow, 'id'>>): Promise<void> {
  await db.updateTable('mall_orders').set(change).where('id', '=', id).execute();
}

export async function ordersOf(db: Db, simId: number, status: MallOrderStatusValue | undefined, offset: number, limit: number) {
  const base = db
    .selectFrom('mall_orders')
    .where('sim_id', '=', simId)
    .$if(status !== undefined, (q) => q.where('status', '=', status!));
  const [rows, total] = await Promise.all([
    base.selectAll().orderBy('id', 'desc').offset(offset).limit(limit).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

export function expiredPending(db: Db, now: number, limit: number): Promise<OrderRow[]> {
  return db
    .selectFrom('mall_orders')
    .selectAll()
    .where('status', '=', 'pending')
    .where('expires_at', '<=', now)
    .orderBy('expires_at')
    .limit(limit)
    .execute();
}

// ---- operators ----

/** A page of every good, on sale or not, in their order. */
export async function allGoods(db: Db, page: number, pageSize: number): Promise<{ rows: GoodsRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('mall_goods')
      .selectAll()
      .orderBy('sort')
      .orderBy('id')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    db
      .selectFrom('mall_goods')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export function allCategories(db: Db) {
  return db.selectFrom('mall_categories').selectAll().orderBy('sort').orderBy('id').execute();
}

/** How many goods (on sale or not) each category holds. */
export async function goodsPerCategory(db: Db): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('mall_goods')
    .select((eb) => ['category_id', eb.fn.countAll<number>().as('n')])
    .groupBy('category_id')
    .execute();
  return new Map(rows.map((r) => [Number(r.category_id), Number(r.n)]));
}

export async function insertCategory(db: Db, row: { name: string; sort: number; enabled: number }): Promise<number> {
  const r = await db.insertInto('mall_categories').values(row).returning('id').executeTakeFirstOrThrow();
  return Number(r.id);
}

/** Changes a category; false when there is none with this id. */
export async function updateCategory(db: Db, id: number, change: { name: string; sort: number; enabled: number }): Promise<boolean> {
  const r = await db.updateTable('mall_categories').set(change).where('id', '=', id).executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export function categoryById(db: Db, id: number) {
  return db.selectFrom('mall_categories').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertGoods(db: Db, row: Insertable<MallGoodsTable>): Promise<number> {
  const r = await db.insertInto('mall_goods').values(row).returning('id').executeTakeFirstOrThrow();
  return Number(r.id);
}

/**
 * Changes a good. Its units left become `left` (`stock = sold + left` in the same statement) only
 * while they are still `expectedLeft`, what the operator's form showed: false when orders took or
 * gave back pieces meanwhile, so those are never overwritten.
 */
export async function updateGoods(
  db: Db,
  id: number,
  change: Partial<Omit<Insertable<MallGoodsTable>, 'stock' | 'sold'>>,
  left: number,
  expectedLeft: number,
): Promise<boolean> {
  const res = await db
    .updateTable('mall_goods')
    .set((eb) => ({ ...change, stock: eb('sold', '+', left) }))
    .where('id', '=', id)
    .where(sql<boolean>`stock - sold = ${expectedLeft}`)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function setGoodsOnSale(db: Db, id: number, onSale: boolean, now: number): Promise<void> {
  await db
    .updateTable('mall_goods')
    .set({ on_sale: onSale ? 1 : 0, updated_at: now })
    .where('id', '=', id)
    .execute();
}
