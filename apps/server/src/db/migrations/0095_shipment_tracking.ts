import { type Kysely, sql } from 'kysely';
import { columns, type DialectName } from '../dialect.ts';

/**
 * Real tracking (decision 0095): a shipment's origin and destination as division codes, its
 * subscription to the carrier's pushes (state, attempts, when to try or query next, the last push);
 * an event's place as a division code, the language of the carrier's own words and a key that makes
 * a repeated push store nothing twice. The simulator's old bilingual texts are dropped (its events
 * are read from their status codes). Frozen once shipped.
 */
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  const c = columns(dialect);
  await db.schema
    .alterTable('shipments')
    .addColumn('from_area', 'text', (col) => col.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('shipments')
    .addColumn('to_area', 'text', (col) => col.notNull().defaultTo(''))
    .execute();
  // none (the carrier does not push) | pending | subscribed | failed (refused for good)
  await db.schema
    .alterTable('shipments')
    .addColumn('subscription', 'text', (col) => col.notNull().defaultTo('none'))
    .execute();
  await db.schema
    .alterTable('shipments')
    .addColumn('subscribe_attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  // the next subscription attempt, or the next look at the carrier when no push came
  await db.schema
    .alterTable('shipments')
    .addColumn('next_check_at', c.timeType, (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('shipments').addColumn('last_push_at', c.timeType).execute();
  await db.schema.alterTable('shipments').addColumn('last_error', 'text').execute();
  await db.schema.createIndex('shipments_tracking_no').on('shipments').column('tracking_no').execute();
  await db.schema.createIndex('shipments_check').on('shipments').columns(['subscription', 'next_check_at']).execute();

  await db.schema
    .alterTable('shipment_events')
    .addColumn('area_code', 'text', (col) => col.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('shipment_events')
    .addColumn('text_language', 'text', (col) => col.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('shipment_events')
    .addColumn('event_key', 'text', (col) => col.notNull().defaultTo(''))
    .execute();
  await sql`update shipment_events set event_key = 'seq:' || cast(seq as text)`.execute(db);
  await sql`update shipment_events set description = '', location = '' where shipment_id in (select id from shipments where company_code = 'SIMEX')`.execute(
    db,
  );
  await sql`update shipments set company_name = 'SimExpress' where company_code = 'SIMEX'`.execute(db);
  await db.schema.createIndex('shipment_events_key').on('shipment_events').columns(['shipment_id', 'event_key']).unique().execute();
}
