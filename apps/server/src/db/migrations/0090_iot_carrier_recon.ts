import type { Kysely } from 'kysely';
import { columns, type DialectName } from '../dialect.ts';

/**
 * Reconciliation with the operators (decision 0090): the differences found per card, day and kind,
 * open until resolved, and the sweep's cursor so that a restart goes on where it stopped. Frozen once shipped.
 */
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  const c = columns(dialect);
  await db.schema
    .createTable('iot_carrier_recon')
    .addColumn('id', c.idType, c.id)
    .addColumn('sim_id', c.idType, (col) => col.notNull().references('iot_sims.id'))
    .addColumn('iccid', 'text', (col) => col.notNull())
    .addColumn('sim_no', 'text', (col) => col.notNull())
    .addColumn('operator', 'text', (col) => col.notNull())
    .addColumn('promoter_id', c.idType)
    .addColumn('day', 'text', (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('ours', 'text', (col) => col.notNull())
    .addColumn('theirs', 'text', (col) => col.notNull())
    .addColumn('stop_reason', 'text')
    .addColumn('detail', 'text')
    .addColumn('detected_at', c.timeType, (col) => col.notNull())
    .addColumn('checked_at', c.timeType, (col) => col.notNull())
    .addColumn('resolved_at', c.timeType)
    .addColumn('resolved_by', 'text')
    .addColumn('resolution', 'text')
    .addColumn('note', 'text')
    .execute();
  await db.schema
    .createIndex('iot_carrier_recon_card_day_kind')
    .on('iot_carrier_recon')
    .columns(['sim_id', 'day', 'kind'])
    .unique()
    .execute();
  await db.schema.createIndex('iot_carrier_recon_open').on('iot_carrier_recon').columns(['resolved_at', 'promoter_id', 'day']).execute();
  await db.schema
    .createTable('iot_carrier_recon_sweep')
    .addColumn('id', 'integer', (col) => col.primaryKey())
    .addColumn('cursor_sim_id', c.idType, (col) => col.notNull().defaultTo(0))
    .addColumn('started_at', c.timeType)
    .addColumn('last_started_at', c.timeType)
    .addColumn('last_finished_at', c.timeType)
    .addColumn('updated_at', c.timeType, (col) => col.notNull())
    .execute();
}
