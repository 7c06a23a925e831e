import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { GoodsSkusTable, GoodsTable } from '../../db/schema-goods.ts';

type Db = Kysely<Database> | Transaction<Database>;
export type GoodsRow = Selectable<GoodsTable>;
export type SkuRow = Selectable<GoodsSkusTable>;

/** Which of these promoters have goods on sale. */
export async function promotersWithGoods(db: Db, promoterIds: number[]): Promise<Set<number>> {
  if (promoterIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('goods')
    .select('promoter_id')
    .distinct()
    .where('promoter_id', 'in', promoterIds)
    .where('status', '=', 'on_sale')
    .execute();
  return new Set(rows.map((r) => r.promoter_id));
}

/** Categories of a promoter that hold goods on sale, in their order. */
export function categoriesOnSale(db: Db, promoterId: number) {
  return db
    .selectFrom('goods_categories as c')
    .select(['c.id', 'c.name'])
    .where('c.promoter_id', '=', promoterId)
    .where((eb) =>
      eb.exists(eb.selectFrom('goods as g').select('g.id').whereRef('g.category_id', '=', 'c.id').where('g.status', '=', 'on_sale')),
    )
    .orderBy('c.sort')
    .orderBy('c.id')
    .execute();
}

function onSale(db: Db, promoterId: number, categoryId: number | undefined) {
  let q = db.selectFrom('goods').where('promoter_id', '=', promoterId).where('status', '=', 'on_sale');
  if (categoryId) q = q.where('category_id', '=', categoryId);
  return q;
}

export async function goodsPage(db: Db, promoterId: number, categoryId: number | undefined, offset: number, limit: number) {
  const [rows, count] = await Promise.all([
    onSale(db, promoterId, categoryId).selectAll().orderBy('sort').orderBy('id').offset(offset).limit(limit).execute(),
    onSale(db, promoterId, categoryId)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export function findGoods(db: Db, id: number) {
  return db.selectFrom('goods').selectAll().where('id', '=', id).executeTakeFirst();
}

export function categoryName(db: Db, id: number) {
  return db.selectFrom('goods_categories').select('name').where('id', '=', id).executeTakeFirst();
}

export function skusOf(db: Db, goodsIds: number[]) {
  if (goodsIds.length === 0) return Promise.resolve([] as SkuRow[]);
  return db.selectFrom('goods_skus').selectAll().where('goods_id', 'in', goodsIds).orderBy('sort').orderBy('id').execute();
}

export function findSku(db: Db, id: number) {
  return db.selectFrom('goods_skus').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Takes `quantity` units of a spec when that many are left: one conditional update, so stock never goes below zero. */
export async function takeStock(trx: Db, skuId: number, quantity: number): Promise<boolean> {
  const res = await trx
    .updateTable('goods_skus')
    .set((eb) => ({ stock: eb('stock', '-', quantity), sold: eb('sold', '+', quantity) }))
    .where('id', '=', skuId)
    .where('stock', '>=', quantity)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Gives units back (an order cancelled, expired or refunded before shipping). */
export async function releaseStock(trx: Db, skuId: number, quantity: number): Promise<void> {
  await trx
    .updateTable('goods_skus')
    .set((eb) => ({ stock: eb('stock', '+', quantity), sold: eb('sold', '-', quantity) }))
    .where('id', '=', skuId)
    .execute();
}
