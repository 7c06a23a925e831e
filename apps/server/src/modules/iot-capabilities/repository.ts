import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

type Db = Kysely<Database>;
export type CapabilityRecord = Database['iot_capabilities'];

export function allRows(db: Db): Promise<CapabilityRecord[]> {
  return db.selectFrom('iot_capabilities').selectAll().execute();
}

/** Stores a capability's state; answers the state it had (on when it had no row). */
export async function setRow(db: Db, row: CapabilityRecord): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('iot_capabilities')
      .select('enabled')
      .where('scope', '=', row.scope)
      .where('subject', '=', row.subject)
      .where('capability', '=', row.capability)
      .executeTakeFirst();
    await trx
      .insertInto('iot_capabilities')
      .values(row)
      .onConflict((oc) => oc.columns(['scope', 'subject', 'capability']).doUpdateSet({ enabled: row.enabled, updated_at: row.updated_at }))
      .execute();
    return before === undefined || Number(before.enabled) === 1;
  });
}
