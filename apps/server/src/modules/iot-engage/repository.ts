/** The only code that touches the tables of iot-engage: sign-ins, task rewards, coupon exchange and VIP. */
import type { Insertable, Kysely, Selectable } from 'kysely';
import { type DialectName, forUpdate } from '../../db/dialect.ts';
import { prepared } from '../../db/prepared.ts';
import type { Database } from '../../db/schema.ts';

type Db = Kysely<Database>;

/** The card's sign-in of a day, if any. */
export function signInOf(db: Db, simId: number, day: string) {
  return db
    .selectFrom('iot_sign_ins')
    .select(['day', 'streak', 'points'])
    .where('sim_id', '=', simId)
    .where('day', '=', day)
    .executeTakeFirst();
}

/** Days the card signed in from `from` to `to` (China dates, inclusive), oldest first. */
export async function signedDays(db: Db, simId: number, from: string, to: string): Promise<string[]> {
  const rows = await db
    .selectFrom('iot_sign_ins')
    .select('day')
    .where('sim_id', '=', simId)
    .where('day', '>=', from)
    .where('day', '<=', to)
    .orderBy('day')
    .execute();
  return rows.map((r) => r.day);
}

/** Records the day's sign-in; false (and nothing written) when the card has already signed in that day. */
export async function addSignIn(
  trx: Db,
  row: { simId: number; day: string; streak: number; points: number; now: number },
): Promise<boolean> {
  const added = await trx
    .insertInto('iot_sign_ins')
    .values({ sim_id: row.simId, day: row.day, streak: row.streak, points: row.points, created_at: row.now })
    .onConflict((oc) => oc.columns(['sim_id', 'day']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return added !== undefined;
}

/** Tasks whose reward the card has received. */
export async function rewardedTasks(db: Db, simId: number): Promise<Set<string>> {
  const rows = await db.selectFrom('iot_task_rewards').select('task').where('sim_id', '=', simId).execute();
  return new Set(rows.map((r) => r.task));
}

/** Records a task's reward; false (and nothing written) when the card has already received it. */
export async function addTaskReward(trx: Db, row: { simId: number; task: string; points: number; now: number }): Promise<boolean> {
  const added = await trx
    .insertInto('iot_task_rewards')
    .values({ sim_id: row.simId, task: row.task, points: row.points, created_at: row.now })
    .onConflict((oc) => oc.columns(['sim_id', 'task']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return added !== undefined;
}

export type ExchangeRow = Selectable<Database['iot_exchanges']>;

/** Items of a promoter on sale, in their order. */
export function exchangeItems(db: Db, promoCode: string) {
  return db
    .selectFrom('iot_exchange_items')
    .selectAll()
    .where('promo_code', '=', promoCode)
    .where('on_sale', '=', 1)
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

export function exchangeItem(db: Db, promoCode: string, id: number) {
  return db
    .selectFrom('iot_exchange_items')
    .selectAll()
    .where('id', '=', id)
    .where('promo_code', '=', promoCode)
    .where('on_sale', '=', 1)
    .executeTakeFirst();
}

/** Exchanges of the card per item. */
export async function exchangeCounts(db: Db, simId: number): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('iot_exchanges')
    .select(['item_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('sim_id', '=', simId)
    .groupBy('item_id')
    .execute();
  return new Map(rows.map((r) => [r.item_id, Number(r.n)]));
}

export async function exchangeCount(db: Db, simId: number, itemId: number): Promise<number> {
  const row = await db
    .selectFrom('iot_exchanges')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('sim_id', '=', simId)
    .where('item_id', '=', itemId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Takes one unit of an item's stock; false when none is left (items without stock always give one). */
export async function takeExchangeStock(trx: Db, itemId: number, now: number): Promise<boolean> {
  const r = await trx
    .updateTable('iot_exchange_items')
    .set((eb) => ({ sold: eb('sold', '+', 1), updated_at: now }))
    .where('id', '=', itemId)
    .where((eb) => eb.or([eb('stock', 'is', null), eb('sold', '<', eb.ref('stock'))]))
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export function addExchange(trx: Db, row: Insertable<Database['iot_exchanges']>): Promise<ExchangeRow> {
  return trx.insertInto('iot_exchanges').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function exchangesOf(db: Db, simId: number, page: number, pageSize: number): Promise<{ rows: ExchangeRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('iot_exchanges')
      .selectAll()
      .where('sim_id', '=', simId)
      .orderBy('id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    db
      .selectFrom('iot_exchanges')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('sim_id', '=', simId)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** VIP plans of a promoter on sale, in their order. */
export function vipPlans(db: Db, promoCode: string) {
  return db
    .selectFrom('iot_vip_plans')
    .selectAll()
    .where('promo_code', '=', promoCode)
    .where('on_sale', '=', 1)
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

export function vipPlan(db: Db, promoCode: string, id: number) {
  return db
    .selectFrom('iot_vip_plans')
    .selectAll()
    .where('id', '=', id)
    .where('promo_code', '=', promoCode)
    .where('on_sale', '=', 1)
    .executeTakeFirst();
}

/** End of the card's paid VIP windows still to come or running, or null. */
export async function vipEnd(db: Db, simId: number, now: number): Promise<number | null> {
  const row = await db
    .selectFrom('iot_vip_orders')
    .select((eb) => eb.fn.max<number>('end_at').as('end'))
    .where('sim_id', '=', simId)
    .where('status', '=', 1)
    .where('end_at', '>', now)
    .executeTakeFirst();
  return row?.end == null ? null : Number(row.end);
}

/** The card's paid VIP order running now (the richest when several overlap), if any. */
// Read by every SIM info and purchase: built once per dialect (db/prepared.ts).
const runningVipRow = prepared((db: Db, simId: number, now: number) =>
  db
    .selectFrom('iot_vip_orders')
    .selectAll()
    .where('sim_id', '=', simId)
    .where('status', '=', 1)
    .where('end_at', '>', now)
    .where('start_at', '<=', now)
    .orderBy('points_multiplier', 'desc')
    .orderBy('id')
    .limit(1),
);

export async function runningVip(db: Db, simId: number, now: number) {
  return (await runningVipRow(db, simId, now))[0];
}

/** The card's VIP orders, newest first. */
export function vipOrdersOf(db: Db, simId: number, limit: number) {
  return db.selectFrom('iot_vip_orders').selectAll().where('sim_id', '=', simId).orderBy('id', 'desc').limit(limit).execute();
}

export function addVipOrder(trx: Db, row: Insertable<Database['iot_vip_orders']>) {
  return trx.insertInto('iot_vip_orders').values(row).returningAll().executeTakeFirstOrThrow();
}

export function vipOrderBySn(db: Db, orderSn: string) {
  return db.selectFrom('iot_vip_orders').selectAll().where('order_sn', '=', orderSn).executeTakeFirst();
}

/** Marks a paid VIP order refunded; false when it was not paid any more (refunded already). */
export async function markVipRefunded(
  trx: Db,
  id: number,
  change: { refund_at: number; refund_money: number; refund_remark: string; refund_type: number; end_at: number; updated_at: number },
): Promise<boolean> {
  const r = await trx
    .updateTable('iot_vip_orders')
    .set({ ...change, status: 2 })
    .where('id', '=', id)
    .where('status', '=', 1)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

// ── Speed-up ──────────────────────────────────────────────────────────────────────────────────

export type AccelerateOrderRow = Selectable<Database['iot_accelerate_orders']>;
export type AcceleratePlanRow = Selectable<Database['iot_accelerate_plans']>;

/** Speed-up products of a promoter on sale, in their order. */
export function acceleratePlans(db: Db, promoCode: string) {
  return db
    .selectFrom('iot_accelerate_plans')
    .selectAll()
    .where('promo_code', '=', promoCode)
    .where('on_sale', '=', 1)
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

export function acceleratePlan(db: Db, promoCode: string, id: number) {
  return db
    .selectFrom('iot_accelerate_plans')
    .selectAll()
    .where('id', '=', id)
    .where('promo_code', '=', promoCode)
    .where('on_sale', '=', 1)
    .executeTakeFirst();
}

/** The card's paid speed-up whose window has not ended (at most one: a purchase is refused while one runs). */
const runningAccelerateRow = prepared((db: Db, simId: number, now: number) =>
  db
    .selectFrom('iot_accelerate_orders')
    .selectAll()
    .where('sim_id', '=', simId)
    .where('status', '=', 1)
    .where('end_at', '>', now)
    .orderBy('end_at', 'desc')
    .limit(1),
);

export async function runningAccelerate(db: Db, simId: number, now: number) {
  return (await runningAccelerateRow(db, simId, now))[0];
}

/** The card's speed-up the carrier should hold now: paid, being applied or applied, its window open. */
export function speedUpInForce(db: Db, simId: number, now: number) {
  return db
    .selectFrom('iot_accelerate_orders')
    .select(['speed_code', 'end_at'])
    .where('sim_id', '=', simId)
    .where('status', '=', 1)
    .where('carrier_state', 'in', ['apply', 'applied'])
    .where('end_at', '>', now)
    .orderBy('end_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export function addAccelerateOrder(trx: Db, row: Insertable<Database['iot_accelerate_orders']>) {
  return trx.insertInto('iot_accelerate_orders').values(row).returningAll().executeTakeFirstOrThrow();
}

export function accelerateOrderById(db: Db, id: number) {
  return db.selectFrom('iot_accelerate_orders').selectAll().where('id', '=', id).executeTakeFirst();
}

export function accelerateOrderOfCard(db: Db, simId: number, orderSn: string) {
  return db.selectFrom('iot_accelerate_orders').selectAll().where('sim_id', '=', simId).where('order_sn', '=', orderSn).executeTakeFirst();
}

/** Changes an order still in `fromStatus` (and, when given, in carrier state `fromCarrier`); false when it was not. */
export async function moveAccelerate(
  trx: Db,
  id: number,
  from: { status?: number[]; carrier?: AccelerateOrderRow['carrier_state'][]; dueAt?: number | null },
  change: Partial<Omit<AccelerateOrderRow, 'id'>>,
): Promise<boolean> {
  let q = trx.updateTable('iot_accelerate_orders').set(change).where('id', '=', id);
  if (from.status) q = q.where('status', 'in', from.status);
  if (from.carrier) q = q.where('carrier_state', 'in', from.carrier);
  if (from.dueAt !== undefined)
    q = from.dueAt === null ? q.where('carrier_due_at', 'is', null) : q.where('carrier_due_at', '=', from.dueAt);
  const r = await q.executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Orders whose carrier call (apply or restore) is due, oldest first. */
export function dueSpeedChanges(db: Db, now: number, limit: number, simId?: number) {
  let q = db
    .selectFrom('iot_accelerate_orders')
    .selectAll()
    .where('carrier_state', 'in', ['apply', 'applied', 'restore'])
    .where('carrier_due_at', '<=', now);
  if (simId !== undefined) q = q.where('sim_id', '=', simId);
  return q.orderBy('carrier_due_at').limit(limit).execute();
}

/** Unpaid orders past their time. */
export function expiredUnpaidAccelerate(db: Db, now: number, limit: number) {
  return db
    .selectFrom('iot_accelerate_orders')
    .select(['id'])
    .where('status', '=', 0)
    .where('expires_at', '<=', now)
    .orderBy('id')
    .limit(limit)
    .execute();
}

export async function accelerateOrdersOf(
  db: Db,
  simId: number,
  page: number,
  pageSize: number,
): Promise<{ rows: AccelerateOrderRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('iot_accelerate_orders')
      .selectAll()
      .where('sim_id', '=', simId)
      .orderBy('id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    db
      .selectFrom('iot_accelerate_orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('sim_id', '=', simId)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** Locks an order row for the payment that arrives for it (PostgreSQL; SQLite has one writer). */
export function lockAccelerateOrder(trx: Db, dialect: DialectName, id: number) {
  return forUpdate(dialect, trx.selectFrom('iot_accelerate_orders').selectAll().where('id', '=', id)).executeTakeFirst();
}

/** Locks a VIP order row (its payment arrives). */
export function lockVipOrder(trx: Db, dialect: DialectName, id: number) {
  return forUpdate(dialect, trx.selectFrom('iot_vip_orders').selectAll().where('id', '=', id)).executeTakeFirst();
}

export async function setVipOrder(
  trx: Db,
  id: number,
  from: number[],
  change: Partial<Omit<Selectable<Database['iot_vip_orders']>, 'id'>>,
): Promise<boolean> {
  const r = await trx.updateTable('iot_vip_orders').set(change).where('id', '=', id).where('status', 'in', from).executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export function vipOrderOfCard(db: Db, simId: number, orderSn: string) {
  return db.selectFrom('iot_vip_orders').selectAll().where('sim_id', '=', simId).where('order_sn', '=', orderSn).executeTakeFirst();
}

export function expiredUnpaidVip(db: Db, now: number, limit: number) {
  return db
    .selectFrom('iot_vip_orders')
    .select(['id'])
    .where('status', '=', 0)
    .where('expires_at', '<=', now)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** The lowest package discount (percent paid) of the card's paid VIPs running now; 100 without one. */
const bestVipDiscountRow = prepared((db: Db, simId: number, now: number) =>
  db
    .selectFrom('iot_vip_orders')
    .select((eb) => eb.fn.min<number>('package_discount').as('d'))
    .where('sim_id', '=', simId)
    .where('status', '=', 1)
    .where('end_at', '>', now)
    .where('start_at', '<=', now),
);

export async function bestVipDiscount(db: Db, simId: number, now: number): Promise<number> {
  const row = (await bestVipDiscountRow(db, simId, now))[0];
  return row?.d == null ? 100 : Number(row.d);
}

// ── Operators: the catalogue, sign-in and task settings, orders ─────────────────────────────

export type VipPlanRow = Selectable<Database['iot_vip_plans']>;
export type ExchangeItemRow = Selectable<Database['iot_exchange_items']>;
export type VipOrderRow = Selectable<Database['iot_vip_orders']>;

type CatalogueTable = 'iot_vip_plans' | 'iot_accelerate_plans' | 'iot_exchange_items';

/** A page of a catalogue table's rows of these storefronts (or all), on sale or not, in their order. */
export async function catalogueRows<T extends CatalogueTable>(
  db: Db,
  table: T,
  promoCodes: string[] | 'all',
  page: number,
  pageSize: number,
): Promise<{ rows: Selectable<Database[T]>[]; total: number }> {
  // One query shape serves the three tables (same promo_code, sort and id columns).
  const base = (db as unknown as Kysely<Pick<Database, 'iot_vip_plans'>>).selectFrom(table as 'iot_vip_plans');
  const scoped = promoCodes === 'all' ? base : base.where('promo_code', 'in', promoCodes.length > 0 ? promoCodes : ['']);
  const [rows, count] = await Promise.all([
    scoped
      .selectAll()
      .orderBy('promo_code')
      .orderBy('sort')
      .orderBy('id')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    scoped.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows as unknown as Selectable<Database[T]>[], total: Number(count.n) };
}

export function vipPlanById(db: Db, id: number) {
  return db.selectFrom('iot_vip_plans').selectAll().where('id', '=', id).executeTakeFirst();
}

export function acceleratePlanById(db: Db, id: number) {
  return db.selectFrom('iot_accelerate_plans').selectAll().where('id', '=', id).executeTakeFirst();
}

export function exchangeItemById(db: Db, id: number) {
  return db.selectFrom('iot_exchange_items').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertVipPlan(trx: Db, row: Insertable<Database['iot_vip_plans']>): Promise<number> {
  const r = await trx.insertInto('iot_vip_plans').values(row).returning('id').executeTakeFirstOrThrow();
  return Number(r.id);
}

export async function updateVipPlan(trx: Db, id: number, change: Partial<Insertable<Database['iot_vip_plans']>>): Promise<void> {
  await trx.updateTable('iot_vip_plans').set(change).where('id', '=', id).execute();
}

export async function insertAcceleratePlan(trx: Db, row: Insertable<Database['iot_accelerate_plans']>): Promise<number> {
  const r = await trx.insertInto('iot_accelerate_plans').values(row).returning('id').executeTakeFirstOrThrow();
  return Number(r.id);
}

export async function updateAcceleratePlan(
  trx: Db,
  id: number,
  change: Partial<Insertable<Database['iot_accelerate_plans']>>,
): Promise<void> {
  await trx.updateTable('iot_accelerate_plans').set(change).where('id', '=', id).execute();
}

export async function insertExchangeItem(trx: Db, row: Insertable<Database['iot_exchange_items']>): Promise<number> {
  const r = await trx.insertInto('iot_exchange_items').values(row).returning('id').executeTakeFirstOrThrow();
  return Number(r.id);
}

/**
 * Changes an item. A new stock (units left, or null: no limit) is set only while the units left
 * are still `expectedLeft` (what the form showed): `stock = sold + left` in the same conditional
 * update, so units exchanged meanwhile are never overwritten. False when they moved.
 */
export async function updateExchangeItem(
  trx: Db,
  id: number,
  change: Partial<Omit<Insertable<Database['iot_exchange_items']>, 'stock' | 'sold'>>,
  stock: { left: number | null; expectedLeft: number | null },
): Promise<boolean> {
  const r = await trx
    .updateTable('iot_exchange_items')
    .set((eb) => ({ ...change, stock: stock.left === null ? null : eb('sold', '+', stock.left) }))
    .where('id', '=', id)
    .where((eb) => (stock.expectedLeft === null ? eb('stock', 'is', null) : eb(eb('stock', '-', eb.ref('sold')), '=', stock.expectedLeft)))
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function setOnSale(trx: Db, table: CatalogueTable, id: number, onSale: boolean, now: number): Promise<void> {
  await (trx as unknown as Kysely<Pick<Database, 'iot_vip_plans'>>)
    .updateTable(table as 'iot_vip_plans')
    .set({ on_sale: onSale ? 1 : 0, updated_at: now })
    .where('id', '=', id)
    .execute();
}

export function settingsOf(db: Db, promoCode: string) {
  return db.selectFrom('iot_engage_settings').selectAll().where('promo_code', '=', promoCode).executeTakeFirst();
}

export async function putSettings(db: Db, row: Database['iot_engage_settings']): Promise<void> {
  await db
    .insertInto('iot_engage_settings')
    .values(row)
    .onConflict((oc) =>
      oc.column('promo_code').doUpdateSet({ sign_in_rewards: row.sign_in_rewards, tasks: row.tasks, updated_at: row.updated_at }),
    )
    .execute();
}

type OrderTable = 'iot_vip_orders' | 'iot_accelerate_orders';

/** A page of VIP or speed-up orders of these cards (or all), newest first. */
export async function operatorOrders<T extends OrderTable>(
  db: Db,
  table: T,
  simIds: number[] | 'all',
  page: number,
  pageSize: number,
): Promise<{ rows: Selectable<Database[T]>[]; total: number }> {
  const base = (db as unknown as Kysely<Pick<Database, 'iot_vip_orders'>>).selectFrom(table as 'iot_vip_orders');
  const scoped = simIds === 'all' ? base : base.where('sim_id', 'in', simIds.length > 0 ? simIds : [0]);
  const [rows, count] = await Promise.all([
    scoped
      .selectAll()
      .orderBy('id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    scoped.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows as unknown as Selectable<Database[T]>[], total: Number(count.n) };
}

export function accelerateOrderBySn(db: Db, orderSn: string) {
  return db.selectFrom('iot_accelerate_orders').selectAll().where('order_sn', '=', orderSn).executeTakeFirst();
}
