import type { Insertable, Kysely, Selectable, Transaction, Updateable } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { NumberOrdersTable } from '../../db/schema-storefront.ts';

type Db = Kysely<Database> | Transaction<Database>;
export type OrderRow = Selectable<NumberOrdersTable>;

export async function insert(trx: Db, row: Insertable<NumberOrdersTable>): Promise<OrderRow> {
  return trx.insertInto('number_orders').values(row).returningAll().executeTakeFirstOrThrow();
}

export function findByNo(db: Db, orderNo: string) {
  return db.selectFrom('number_orders').selectAll().where('order_no', '=', orderNo).executeTakeFirst();
}

export function findById(db: Db, id: number) {
  return db.selectFrom('number_orders').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Moves an order from one of `from` to a new state, once: false when it was not in `from`. */
export async function transition(trx: Db, id: number, from: string[], set: Updateable<NumberOrdersTable>): Promise<boolean> {
  const res = await trx.updateTable('number_orders').set(set).where('id', '=', id).where('status', 'in', from).executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export type OwnerScope = { mobile: string } | { session: string };

function scoped(db: Db, scope: OwnerScope, status: string | undefined) {
  let q = db.selectFrom('number_orders');
  q =
    'mobile' in scope
      ? q.where((eb) => eb.or([eb('owner_mobile', '=', scope.mobile), eb('contact_mobile', '=', scope.mobile)]))
      : q.where('owner_session', '=', scope.session);
  return status ? q.where('status', '=', status) : q;
}

export async function listFor(db: Db, scope: OwnerScope, status: string | undefined, offset: number, limit: number) {
  const [rows, count] = await Promise.all([
    scoped(db, scope, status).selectAll().orderBy('id', 'desc').offset(offset).limit(limit).execute(),
    scoped(db, scope, status)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export function expiredHolds(db: Db, now: number, limit: number) {
  return db
    .selectFrom('number_orders')
    .select(['id', 'order_no'])
    .where('status', '=', 'awaiting_payment')
    .where('hold_until', '<=', now)
    .orderBy('hold_until')
    .limit(limit)
    .execute();
}
