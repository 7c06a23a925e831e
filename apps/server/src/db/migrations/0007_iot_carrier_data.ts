import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../dialect.ts';

/**
 * Data on or off as the carrier last confirmed it for a card (`carrier_data`), next to what the
 * platform wants (`internet_status`): a synchronisation decides in its transaction, and the switch is
 * made at the carrier after the commit until both agree (decision 0009). Frozen once shipped.
 */
export async function up(db: Kysely<any>, _dialect: DialectName): Promise<void> {
  await db.schema
    .alterTable('iot_sims')
    .addColumn('carrier_data', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await sql`update iot_sims set carrier_data = internet_status`.execute(db);
}
