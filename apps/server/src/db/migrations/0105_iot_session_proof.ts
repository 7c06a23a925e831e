import type { Kysely } from 'kysely';
import { columns, type DialectName } from '../dialect.ts';

/**
 * When a SIM session proved possession of the card (an SMS code to the bound phone or the card
 * password, at login or later): until then its device's secrets and controls stay closed
 * (decision 0105). Frozen once shipped.
 */
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  const c = columns(dialect);
  await db.schema.alterTable('iot_sim_sessions').addColumn('proven_at', c.timeType).execute();
}
