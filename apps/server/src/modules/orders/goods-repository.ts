import type { Insertable, Kysely, Selectable, Transaction, Updateable } from 'kysely';
import { type DialectName, forUpdate } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';
import type { GoodsOrdersTable } from '../../db/schema-goods.ts';

type Db = Kysely<Database> | Transaction<Database>;
export type GoodsOrderRow = Selectable<GoodsOrdersTable>;

export function insert(trx: Db, row: Insertable<GoodsOrdersTable>): Promise<GoodsOrderRow> {
  return trx.insertInto('goods_orders').values(row).returningAll().executeTakeFirstOrThrow();
}

export function findByNo(db: Db, orderNo: string) {
  return db.selectFrom('goods_orders').selectAll().where('order_no', '=', orderNo).executeTakeFirst();
}

export function findById(db: Db, id: number) {
  return db.selectFrom('goods_orders').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findByIds(db: Db, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([] as GoodsOrderRow[]);
  return db.selectFrom('goods_orders').selectAll().where('id', 'in', ids).execute();
}

export function lock(dialect: DialectName, trx: Transaction<Database>, id: number) {
  return forUpdate(dialect, trx.selectFrom('goods_orders').selectAll().where('id', '=', id)).executeTakeFirst();
}

/** Moves an order from one of `from` to a new state, once: false when it was not in `from`. */
export async function transition(trx: Db, id: number, from: string[], set: Updateable<GoodsOrdersTable>): Promise<boolean> {
  const res = await trx.updateTable('goods_orders').set(set).where('id', '=', id).where('status', 'in', from).executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export function expiredHolds(db: Db, now: number, limit: number) {
  return db
    .selectFrom('goods_orders')
    .select(['id', 'order_no'])
    .where('status', '=', 'awaiting_payment')
    .where('hold_until', '<=', now)
    .orderBy('hold_until')
    .limit(limit)
    .execute();
}
