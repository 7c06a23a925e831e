import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { IotDeviceCommandsTable, IotDeviceStatusTable } from '../../db/schema-iot-device.ts';

export type CommandRow = Selectable<IotDeviceCommandsTable>;
export type StatusRow = Selectable<IotDeviceStatusTable>;

const OPEN = ['pending', 'sent', 'acked'] as const;

export const insertCommand = (db: Kysely<Database>, row: Insertable<IotDeviceCommandsTable>) =>
  db.insertInto('iot_device_commands').values(row).returning('id').executeTakeFirstOrThrow();

export const commandById = (db: Kysely<Database>, commandId: string) =>
  db.selectFrom('iot_device_commands').selectAll().where('command_id', '=', commandId).executeTakeFirst();

export const latestCommands = (db: Kysely<Database>, deviceId: number, limit: number) =>
  db.selectFrom('iot_device_commands').selectAll().where('device_id', '=', deviceId).orderBy('id', 'desc').limit(limit).execute();

export const latestOfKind = (db: Kysely<Database>, deviceId: number, kind: string) =>
  db
    .selectFrom('iot_device_commands')
    .selectAll()
    .where('device_id', '=', deviceId)
    .where('kind', '=', kind)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();

/** Moves a command from one of `from` to `to`; true only for the caller whose update moved it. */
export async function move(
  db: Kysely<Database>,
  commandId: string,
  from: readonly CommandRow['state'][],
  to: CommandRow['state'],
  now: number,
  error = '',
): Promise<boolean> {
  const final = to === 'applied' || to === 'timedOut' || to === 'failed';
  const r = await db
    .updateTable('iot_device_commands')
    .set({
      state: to,
      updated_at: now,
      ...(to === 'sent' ? { sent_at: now } : {}),
      ...(to === 'acked' ? { acked_at: now } : {}),
      ...(to === 'applied' ? { applied_at: now } : {}),
      ...(final ? { open_key: null } : {}),
      ...(error ? { error } : {}),
    })
    .where('command_id', '=', commandId)
    .where('state', 'in', from)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Open commands past their deadline become timed out (of one device, or all). */
export async function expire(db: Kysely<Database>, now: number, deviceId?: number): Promise<number> {
  let q = db
    .updateTable('iot_device_commands')
    .set({ state: 'timedOut', open_key: null, updated_at: now })
    .where('state', 'in', OPEN)
    .where('expires_at', '<=', now);
  if (deviceId !== undefined) q = q.where('device_id', '=', deviceId);
  const r = await q.executeTakeFirst();
  return Number(r.numUpdatedRows);
}

export const statusOf = (db: Kysely<Database>, deviceId: number) =>
  db.selectFrom('iot_device_status').selectAll().where('device_id', '=', deviceId).executeTakeFirst();

export async function upsertStatus(db: Kysely<Database>, deviceId: number, change: Partial<Omit<StatusRow, 'device_id'>>, now: number) {
  await db
    .insertInto('iot_device_status')
    .values({ device_id: deviceId, ...change, updated_at: now })
    .onConflict((oc) => oc.column('device_id').doUpdateSet({ ...change, updated_at: now }))
    .execute();
}

/** Marks an on-line device off line; false when it was not on line. */
export async function markOffline(db: Kysely<Database>, deviceId: number, now: number): Promise<boolean> {
  const r = await db
    .updateTable('iot_device_status')
    .set({ online: 0, updated_at: now })
    .where('device_id', '=', deviceId)
    .where('online', '=', 1)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export const terminalsOf = (db: Kysely<Database>, deviceId: number) =>
  db
    .selectFrom('iot_device_terminals')
    .selectAll()
    .where('device_id', '=', deviceId)
    .orderBy('seen_at', 'desc')
    .orderBy('id')
    .limit(50)
    .execute();

export const terminal = (db: Kysely<Database>, deviceId: number, mac: string) =>
  db.selectFrom('iot_device_terminals').selectAll().where('device_id', '=', deviceId).where('mac', '=', mac).executeTakeFirst();

/** A phone the device saw: recorded once, its name, seen time and the device's verdict kept current. */
export async function seeTerminal(db: Kysely<Database>, deviceId: number, mac: string, name: string, authorized: boolean, now: number) {
  await db
    .insertInto('iot_device_terminals')
    .values({ device_id: deviceId, mac, name, authorized: authorized ? 1 : 0, seen_at: now })
    .onConflict((oc) => oc.columns(['device_id', 'mac']).doUpdateSet({ name, authorized: authorized ? 1 : 0, seen_at: now }))
    .execute();
}

/** The holder authorised a phone (by the code sent to its number): the command that lets it in. */
export async function authoriseTerminal(
  db: Kysely<Database>,
  deviceId: number,
  mac: string,
  mobile: string,
  commandId: string,
  now: number,
) {
  await db
    .insertInto('iot_device_terminals')
    .values({ device_id: deviceId, mac, mobile, command_id: commandId, seen_at: now })
    .onConflict((oc) => oc.columns(['device_id', 'mac']).doUpdateSet({ mobile, command_id: commandId }))
    .execute();
}

export async function markTerminalsAuthorised(db: Kysely<Database>, deviceId: number, macs: string[], now: number) {
  if (macs.length === 0) return;
  await db
    .updateTable('iot_device_terminals')
    .set({ authorized: 1, authorized_at: now })
    .where('device_id', '=', deviceId)
    .where('mac', 'in', macs)
    .where('authorized_at', 'is', null)
    .execute();
  await db.updateTable('iot_device_terminals').set({ authorized: 1 }).where('device_id', '=', deviceId).where('mac', 'in', macs).execute();
}

// ── Security centre ────────────────────────────────────────────────────────────────────────────

/** What the device reported of a client: its band and traffic, and whether it refuses it. */
export async function clientReported(
  db: Kysely<Database>,
  deviceId: number,
  mac: string,
  change: { band: string; traffic_kb: number; blocked?: boolean },
) {
  await db
    .updateTable('iot_device_terminals')
    .set({ band: change.band, traffic_kb: change.traffic_kb, ...(change.blocked !== undefined ? { blocked: change.blocked ? 1 : 0 } : {}) })
    .where('device_id', '=', deviceId)
    .where('mac', '=', mac)
    .execute();
}

/** The device's state names the clients it refuses: every other client of it is not refused. */
export async function markBlocked(db: Kysely<Database>, deviceId: number, macs: string[]) {
  let unblock = db.updateTable('iot_device_terminals').set({ blocked: 0 }).where('device_id', '=', deviceId).where('blocked', '=', 1);
  if (macs.length > 0) unblock = unblock.where('mac', 'not in', macs);
  await unblock.execute();
  if (macs.length > 0)
    await db.updateTable('iot_device_terminals').set({ blocked: 1 }).where('device_id', '=', deviceId).where('mac', 'in', macs).execute();
}

/** The latest block/unblock command of each client (by its open key's MAC), newest first. */
export const blockCommands = (db: Kysely<Database>, deviceId: number) =>
  db
    .selectFrom('iot_device_commands')
    .selectAll()
    .where('device_id', '=', deviceId)
    .where('kind', '=', 'blockClient')
    .orderBy('id', 'desc')
    .limit(100)
    .execute();

/** Keeps a text message of the device once (the device's id; a second delivery changes nothing). */
export async function keepSms(
  db: Kysely<Database>,
  row: { device_id: number; sms_id: string; sender: string; body: string; received_at: number; created_at: number },
) {
  await db
    .insertInto('iot_device_sms')
    .values(row)
    .onConflict((oc) => oc.columns(['device_id', 'sms_id']).doNothing())
    .execute();
}

export const smsOf = (db: Kysely<Database>, deviceId: number, limit: number) =>
  db
    .selectFrom('iot_device_sms')
    .selectAll()
    .where('device_id', '=', deviceId)
    .orderBy('received_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();

export async function unreadSms(db: Kysely<Database>, deviceId: number): Promise<number> {
  const r = await db
    .selectFrom('iot_device_sms')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('device_id', '=', deviceId)
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** Marks a message of the device read (the first reading counts); false when the device has no such message. */
export async function readSms(db: Kysely<Database>, deviceId: number, id: number, now: number): Promise<boolean> {
  const row = await db.selectFrom('iot_device_sms').select('id').where('device_id', '=', deviceId).where('id', '=', id).executeTakeFirst();
  if (!row) return false;
  await db.updateTable('iot_device_sms').set({ read_at: now }).where('id', '=', id).where('read_at', 'is', null).execute();
  return true;
}
