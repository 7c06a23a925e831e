import type { Kysely } from 'kysely';
import { columns, type DialectName } from '../dialect.ts';

/**
 * Usage alerts of SIM cards (iot-alerts module): the holder's choices (none stored means the
 * defaults), and each alert given, once per card, package period (its end) and kind. Frozen once
 * shipped.
 */
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  const c = columns(dialect);
  await db.schema
    .createTable('iot_usage_alert_settings')
    .addColumn('sim_id', c.idType, (col) => col.primaryKey().references('iot_sims.id'))
    // comma-separated percents, e.g. "80,95,100"
    .addColumn('thresholds', 'text', (col) => col.notNull())
    .addColumn('ending_days', 'integer', (col) => col.notNull())
    .addColumn('sms', 'integer', (col) => col.notNull())
    // the holder's language when the settings were saved: the language of the SMS
    .addColumn('language', 'text', (col) => col.notNull())
    .addColumn('updated_at', c.timeType, (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('iot_usage_alerts')
    .addColumn('id', c.idType, c.id)
    .addColumn('sim_id', c.idType, (col) => col.notNull().references('iot_sims.id'))
    .addColumn('period_end', c.timeType, (col) => col.notNull())
    // used80, used95, …; ending3, …
    .addColumn('kind', 'text', (col) => col.notNull())
    // a lower threshold passed in the same scan as a higher one: recorded, never shown or sent
    .addColumn('superseded', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('texted', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', c.timeType, (col) => col.notNull())
    .addColumn('read_at', c.timeType)
    .addUniqueConstraint('iot_usage_alerts_once', ['sim_id', 'period_end', 'kind'])
    .execute();
  await db.schema.createIndex('iot_usage_alerts_sim').on('iot_usage_alerts').columns(['sim_id', 'created_at']).execute();
}
