import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

type Db = Kysely<Database>;

export function settingsOf(db: Db, simIds: number[]) {
  if (simIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('iot_usage_alert_settings').selectAll().where('sim_id', 'in', simIds).execute();
}

export async function saveSettings(db: Db, row: Database['iot_usage_alert_settings']) {
  const { sim_id: _, ...changes } = row;
  await db
    .insertInto('iot_usage_alert_settings')
    .values(row)
    .onConflict((oc) => oc.column('sim_id').doUpdateSet(changes))
    .execute();
}

/** Records alerts, each (card, period, kind) once; answers those that are new. */
export function insertAlerts(db: Db, rows: { sim_id: number; period_end: number; kind: string; superseded: number; created_at: number }[]) {
  if (rows.length === 0) return Promise.resolve([]);
  return db
    .insertInto('iot_usage_alerts')
    .values(rows)
    .onConflict((oc) => oc.columns(['sim_id', 'period_end', 'kind']).doNothing())
    .returning(['id', 'sim_id', 'kind', 'period_end', 'superseded'])
    .execute();
}

export async function markTexted(db: Db, ids: number[]): Promise<void> {
  if (ids.length > 0) await db.updateTable('iot_usage_alerts').set({ texted: 1 }).where('id', 'in', ids).execute();
}

/** The card's alerts shown to its holder (not superseded), newest first. */
export function alertsOf(db: Db, simId: number, limit: number) {
  return db
    .selectFrom('iot_usage_alerts')
    .selectAll()
    .where('sim_id', '=', simId)
    .where('superseded', '=', 0)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export async function unreadCount(db: Db, simId: number): Promise<number> {
  const r = await db
    .selectFrom('iot_usage_alerts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('sim_id', '=', simId)
    .where('superseded', '=', 0)
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

export async function markRead(db: Db, simId: number, now: number): Promise<void> {
  await db.updateTable('iot_usage_alerts').set({ read_at: now }).where('sim_id', '=', simId).where('read_at', 'is', null).execute();
}
