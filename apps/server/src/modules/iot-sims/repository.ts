import type { Kysely, Selectable, SelectQueryBuilder, Updateable } from 'kysely';
import type { DialectName } from '../../db/dialect.ts';
import { prepared } from '../../db/prepared.ts';
import type { Database } from '../../db/schema.ts';
import type { IotSimsTable } from '../../db/schema-iot.ts';
import { type ColumnValue, updateManyById } from '../../db/update-many.ts';
import type { SessionQuery } from '../iot-auth/service.ts';

/** The device's columns of the SIM info, read only for a card that sits in a device. */
const deviceColumns = [
  'device_no',
  'model',
  'imei',
  'wifi_encrypt',
  'network_mode',
  'online_status',
  'wifi24_name',
  'wifi24_pass',
  'wifi24_show',
  'wifi24_switch',
  'wifi24_conn',
  'wifi24_max_conn',
  'wifi5_name',
  'wifi5_pass',
  'wifi5_show',
  'wifi5_switch',
  'wifi5_conn',
  'wifi5_max_conn',
  'warranty_expire_at',
  'warranty_content',
] as const;

/**
 * The card's columns of the SIM view: those the SIM info reads, not the whole row (fewer columns
 * for the database to send and the driver to turn into an object on every dashboard poll).
 */
const simColumns = [
  's.apn',
  's.arrears_balance',
  's.auth_platform_status',
  's.auth_status',
  's.balance',
  's.bind_phone_mode',
  's.break_remove_at',
  's.break_rule_id',
  's.cancel_status',
  's.card_password_hash',
  's.coupon_coin',
  's.created_at',
  's.day_use_flow',
  's.device_id',
  's.end_at',
  's.iccid',
  's.id',
  's.imei',
  's.imsi',
  's.integral',
  's.internet_status',
  's.is_infinite_flow',
  's.last_robin_at',
  's.mobile',
  's.month_use_flow',
  's.numb_auth',
  's.online_status',
  's.operator_type',
  's.pay_password_hash',
  's.perks_until',
  's.platform_auth_required',
  's.platform_auth_type',
  's.promo_code',
  's.recharge_times',
  's.replace_status',
  's.sim_no',
  's.sim_status',
  's.source_type',
  's.status',
  's.total_flow',
  's.usage_day',
  's.usage_month',
  's.use_flow',
  's.volume_package_id',
] as const;

/** The card for the SIM info, in one indexed read (read on every dashboard poll). */
const simView = prepared((db: Kysely<Database>, simId: number) =>
  db.selectFrom('iot_sims as s').select(simColumns).where('s.id', '=', simId),
);

export async function findSimView(db: Kysely<Database>, simId: number) {
  return (await simView(db, simId))[0];
}
export type SimView = NonNullable<Awaited<ReturnType<typeof findSimView>>>;

/** The device a card sits in, for its SIM info (a plain SIM's view reads none of these columns). */
const deviceView = prepared((db: Kysely<Database>, deviceId: number) =>
  db.selectFrom('iot_devices').select(deviceColumns).where('id', '=', deviceId),
);

export async function findDeviceView(db: Kysely<Database>, deviceId: number) {
  return (await deviceView(db, deviceId))[0];
}
export type DeviceView = NonNullable<Awaited<ReturnType<typeof findDeviceView>>>;

/** The device a card sits in, with its id, in one read by the card's id (undefined for a plain SIM). */
const deviceOfSim = prepared((db: Kysely<Database>, simId: number) =>
  db
    .selectFrom('iot_devices')
    .select(['id', ...deviceColumns])
    .where('id', '=', (eb) => eb.selectFrom('iot_sims').select('iot_sims.device_id').where('iot_sims.id', '=', simId)),
);

export async function findDeviceOfSim(db: Kysely<Database>, simId: number) {
  return (await deviceOfSim(db, simId))[0];
}

/**
 * Joins the SIM view (the card as `s`) to the session module's query of a token's session (aliased
 * `sess`, its own columns prefixed `sess_`), so the simInfo route reads the session and the card in
 * one statement.
 */
export function joinSimView(query: SessionQuery): SessionQuery {
  return (query as unknown as SelectQueryBuilder<Database & { sess: Database['iot_sim_sessions'] }, 'sess', object>)
    .leftJoin('iot_sims as s', 's.id', 'sess.sim_id')
    .select(simColumns) as unknown as SessionQuery;
}

/**
 * The SIM view in a row of `joinSimView`'s query (undefined when the card is gone): the row itself,
 * not a copy; its session columns (`sess_`) ride along unread.
 */
export function simViewOf(row: Record<string, unknown>): SimView | undefined {
  return row.id === null || row.id === undefined ? undefined : (row as SimView);
}

/** Joins the card row (as `c`) to the session module's query of a token's session (see `joinSimView`). */
export function joinCard(query: SessionQuery): SessionQuery {
  return (query as unknown as SelectQueryBuilder<Database & { sess: Database['iot_sim_sessions'] }, 'sess', object>)
    .leftJoin('iot_sims as c', 'c.id', 'sess.sim_id')
    .selectAll('c') as unknown as SessionQuery;
}

/** The card row in a row of `joinCard`'s query (undefined when the card is gone). */
export function cardOf(row: Record<string, unknown>): Selectable<IotSimsTable> | undefined {
  return row.id === null || row.id === undefined ? undefined : (row as Selectable<IotSimsTable>);
}

/** Raises the card's `perks_until` to `until` (never lowers it). */
export async function raisePerksUntil(trx: Kysely<Database>, id: number, until: number): Promise<void> {
  await trx
    .updateTable('iot_sims')
    .set({ perks_until: until })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('perks_until', 'is', null), eb('perks_until', '<', until)]))
    .execute();
}

export function deviceSims(db: Kysely<Database>, deviceId: number) {
  return db
    .selectFrom('iot_sims')
    .select(['id', 'sim_no', 'iccid', 'operator_type', 'sim_status', 'auth_status', 'device_slot', 'device_in_use'])
    .where('device_id', '=', deviceId)
    .orderBy('device_slot')
    .orderBy('id')
    .execute();
}

const loginColumns = ['id', 'sim_no', 'device_id', 'status', 'cancel_status', 'card_password_hash', 'mobile', 'usage_synced_at'] as const;

export function simByNumber(db: Kysely<Database>, simNo: string) {
  return db.selectFrom('iot_sims').select(loginColumns).where('sim_no', '=', simNo).executeTakeFirst();
}

export function simByIccid(db: Kysely<Database>, iccid: string) {
  return db.selectFrom('iot_sims').select(loginColumns).where('iccid', '=', iccid).executeTakeFirst();
}

/** The SIM a device uses now (else its first slot). */
export function simByDeviceNo(db: Kysely<Database>, deviceNo: string) {
  return db
    .selectFrom('iot_sims as s')
    .innerJoin('iot_devices as d', 'd.id', 's.device_id')
    .select(loginColumns.map((c) => `s.${c}` as const))
    .where('d.device_no', '=', deviceNo)
    .orderBy('s.device_in_use', 'desc')
    .orderBy('s.device_slot')
    .orderBy('s.id')
    .limit(1)
    .executeTakeFirst();
}

// The card row is read on every paying call (and locked on PostgreSQL): built once per dialect.
const simRow = prepared((db: Kysely<Database>, id: number) => db.selectFrom('iot_sims').selectAll().where('id', '=', id));
const simRowLocked = prepared((db: Kysely<Database>, id: number) => db.selectFrom('iot_sims').selectAll().where('id', '=', id).forUpdate());

export async function simById(db: Kysely<Database>, id: number) {
  return (await simRow(db, id))[0];
}

/** The card row, locked for the caller's transaction on PostgreSQL (SQLite's writer lock serialises anyway). */
export async function lockSimRow(trx: Kysely<Database>, dialect: DialectName, id: number) {
  const row = await lockSimRowIfAny(trx, dialect, id);
  if (!row) throw new Error(`no card ${id}`);
  return row;
}

/** The card row locked for a synchronisation (undefined when there is no such card). */
export async function lockSimRowIfAny(trx: Kysely<Database>, dialect: DialectName, id: number) {
  return (await (dialect === 'postgres' ? simRowLocked : simRow)(trx, id))[0];
}

/** Card rows among `ids` in id order, locked for a batch synchronisation on PostgreSQL (in id order: no deadlock between batches). */
export function lockSimRowsIfAny(trx: Kysely<Database>, dialect: DialectName, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  const q = trx
    .selectFrom('iot_sims')
    .selectAll()
    .where('id', 'in', [...ids])
    .orderBy('id');
  return (dialect === 'postgres' ? q.forUpdate() : q).execute();
}

/** Writes what a batch synchronisation computed for each card, in one statement, in the caller's transaction. */
export async function updateSimSyncs(
  trx: Kysely<Database>,
  rows: readonly { id: number; change: Updateable<IotSimsTable> }[],
): Promise<void> {
  await updateManyById(
    trx,
    'iot_sims',
    rows.map((r) => ({ id: r.id, set: r.change as Record<string, ColumnValue> })),
  );
}

/** Writes the usage, package and state columns a synchronisation computed, in the caller's transaction. */
export async function updateSimSync(trx: Kysely<Database>, id: number, change: Updateable<IotSimsTable>): Promise<void> {
  await trx.updateTable('iot_sims').set(change).where('id', '=', id).execute();
}

export function simDataSwitch(db: Kysely<Database>, id: number) {
  return db
    .selectFrom('iot_sims')
    .select(['sim_no', 'iccid', 'operator_type', 'internet_status', 'carrier_data'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Records the data state the carrier confirmed, unless the wanted state changed meanwhile. */
export async function confirmCarrierData(db: Kysely<Database>, id: number, on: number): Promise<void> {
  await db.updateTable('iot_sims').set({ carrier_data: on }).where('id', '=', id).where('internet_status', '=', on).execute();
}

export function simsAwaitingDataSwitch(db: Kysely<Database>, limit: number) {
  return db.selectFrom('iot_sims').select('id').whereRef('internet_status', '<>', 'carrier_data').orderBy('id').limit(limit).execute();
}

/** Ids of cards in service (not cancelled, not disabled) after `after`, in id order. */
export function liveSimIds(db: Kysely<Database>, after: number, limit: number) {
  return db
    .selectFrom('iot_sims')
    .select('id')
    .where('id', '>', after)
    .where('cancel_status', '=', 0)
    .where('status', '=', 1)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Cards among `ids` whose service ends within [from, to], soonest first. */
export function simsEndingBetween(db: Kysely<Database>, ids: number[], from: number, to: number, limit: number) {
  return db
    .selectFrom('iot_sims')
    .select(['id', 'end_at'])
    .where('id', 'in', ids)
    .where('end_at', 'is not', null)
    .where('end_at', '<=', to)
    .where('end_at', '>=', from)
    .orderBy('end_at')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Writes cached ledger totals (and other money columns) of a card in the caller's transaction. */
export async function updateSimMoney(trx: Kysely<Database>, id: number, change: Updateable<IotSimsTable>): Promise<void> {
  await trx.updateTable('iot_sims').set(change).where('id', '=', id).execute();
}

/** A card's carrier identity and storefront. */
function simRefs(db: Kysely<Database>) {
  return db.selectFrom('iot_sims').select(['id', 'sim_no', 'iccid', 'operator_type', 'promo_code']);
}

/** The carrier identity and storefront of cards by ICCID. */
export function simRefsByIccid(db: Kysely<Database>, iccids: readonly string[]) {
  if (iccids.length === 0) return Promise.resolve([]);
  return simRefs(db)
    .where('iccid', 'in', [...iccids])
    .execute();
}

/** The carrier identity and storefront of cards in service among `ids`, in id order. */
export function liveSimRefsByIds(db: Kysely<Database>, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return simRefs(db)
    .where('id', 'in', [...ids])
    .where('cancel_status', '=', 0)
    .where('status', '=', 1)
    .orderBy('id')
    .execute();
}

/** Cards in service of a storefront (its promo code) after `after`, in id order, `limit` at a time. */
export function liveSimRefsOfPromoCode(db: Kysely<Database>, promoCode: string, after: number, limit: number) {
  return simRefs(db)
    .where('promo_code', '=', promoCode)
    .where('id', '>', after)
    .where('cancel_status', '=', 0)
    .where('status', '=', 1)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** The carrier identity and storefront of cards among `ids`, whatever their state. */
export function simRefsByIds(db: Kysely<Database>, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return simRefs(db)
    .where('id', 'in', [...ids])
    .execute();
}
