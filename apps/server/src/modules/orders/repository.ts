import { type Insertable, type Kysely, type Selectable, sql, type Transaction, type Updateable } from 'kysely';
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

/** The order tables of the Orders tab, by kind; they share the owner, status and time columns. */
const ORDER_TABLES = { number: 'number_orders', goods: 'goods_orders', fastNumber: 'fast_number_orders' } as const;
export type OrderKindName = keyof typeof ORDER_TABLES;

function scoped(db: Db, kind: OrderKindName, scope: OwnerScope, status: string | undefined) {
  // Typed as number_orders: only the columns every order table has are used.
  let q = db.selectFrom(ORDER_TABLES[kind] as 'number_orders');
  q =
    'mobile' in scope
      ? q.where((eb) => eb.or([eb('owner_mobile', '=', scope.mobile), eb('contact_mobile', '=', scope.mobile)]))
      : q.where('owner_session', '=', scope.session);
  return status ? q.where('status', '=', status) : q;
}

/** A page of the owner's orders of every kind, newest first: which kind and id each is. */
export async function listFor(db: Db, scope: OwnerScope, status: string | undefined, offset: number, limit: number) {
  const kinds = Object.keys(ORDER_TABLES) as OrderKindName[];
  const refs = kinds.map((kind) => scoped(db, kind, scope, status).select([sql.lit(kind).as('kind'), 'id', 'created_at']));
  const [first, ...rest] = refs;
  if (!first) return { refs: [], total: 0 };
  const union = rest.reduce((q, r) => q.unionAll(r), first);
  const [rows, counts] = await Promise.all([
    union.orderBy('created_at', 'desc').orderBy('id', 'desc').offset(offset).limit(limit).execute(),
    Promise.all(
      kinds.map((kind) =>
        scoped(db, kind, scope, status)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow(),
      ),
    ),
  ]);
  return {
    refs: rows.map((r) => ({ kind: String(r.kind) as OrderKindName, id: Number(r.id) })),
    total: counts.reduce((n, c) => n + Number(c.n), 0),
  };
}

export function findByIds(db: Db, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([] as OrderRow[]);
  return db.selectFrom('number_orders').selectAll().where('id', 'in', ids).execute();
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

/** Paid orders (numbers and goods) per storefront: count and amount, all time and since `since`. */
export async function salesOf(db: Db, promoterIds: number[], since: number) {
  const out = new Map(promoterIds.map((id) => [id, { orders: 0, amount: 0, monthOrders: 0, monthAmount: 0 }]));
  if (promoterIds.length === 0) return out;
  for (const table of ['number_orders', 'goods_orders'] as const) {
    const rows = await db
      .selectFrom(table as 'number_orders')
      .select((eb) => [
        'promoter_id',
        eb.fn.countAll<number>().as('n'),
        eb.fn.sum<number>('amount').as('amount'),
        eb.fn.sum<number>(eb.case().when('paid_at', '>=', since).then(1).else(0).end()).as('month_n'),
        eb.fn.sum<number>(eb.case().when('paid_at', '>=', since).then(eb.ref('amount')).else(0).end()).as('month_amount'),
      ])
      .where('promoter_id', 'in', promoterIds)
      .where('status', 'in', ['paid', 'shipped', 'completed'])
      .groupBy('promoter_id')
      .execute();
    for (const r of rows) {
      const s = out.get(Number(r.promoter_id));
      if (!s) continue;
      s.orders += Number(r.n);
      s.amount += Number(r.amount ?? 0);
      s.monthOrders += Number(r.month_n ?? 0);
      s.monthAmount += Number(r.month_amount ?? 0);
    }
  }
  return out;
}
