import type { Kysely } from 'kysely';
import { columns, type DialectName } from '../dialect.ts';

/**
 * Carriers report usage as day figures, hours late: the figure each card's usage was last charged
 * from, per day, so the next synchronisation charges only what the carrier added since (decision
 * 0070). Frozen once shipped.
 */
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  const c = columns(dialect);
  await db.schema
    .createTable('iot_carrier_usage_marks')
    .addColumn('sim_id', c.idType, (col) => col.notNull().references('iot_sims.id'))
    .addColumn('day', 'text', (col) => col.notNull())
    .addColumn('carrier_mb', 'integer')
    .addColumn('as_of', c.timeType, (col) => col.notNull())
    .addColumn('final', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('updated_at', c.timeType, (col) => col.notNull())
    .addPrimaryKeyConstraint('iot_carrier_usage_marks_pk', ['sim_id', 'day'])
    .execute();
  await db.schema.createIndex('iot_carrier_usage_marks_day').on('iot_carrier_usage_marks').column('day').execute();
}
