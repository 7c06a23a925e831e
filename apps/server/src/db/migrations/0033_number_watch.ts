import type { Kysely } from 'kysely';
import { columns, type DialectName } from '../dialect.ts';

/**
 * Number alerts (number-watch module): what a shopper watches for, the numbers found for each alert
 * (once per alert and number), and how far the scan of numbers put on sale has read. The numbers
 * inventory gets an index by the time a number last changed among those on sale, which the scan
 * reads. Frozen once shipped.
 */
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  const c = columns(dialect);
  await db.schema.createIndex('numbers_status_updated').on('numbers').columns(['status', 'updated_at', 'id']).execute();
  await db.schema
    .createTable('number_watches')
    .addColumn('id', c.idType, c.id)
    .addColumn('mobile', 'text', (col) => col.notNull())
    // 1..MAX_NUMBER_WATCHES: a shopper's alerts take distinct slots, so the limit holds under concurrency.
    .addColumn('slot', 'integer', (col) => col.notNull())
    .addColumn('promoter_id', c.idType, (col) => col.notNull().references('promoters.id'))
    .addColumn('ends_with', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('pattern', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('operator', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('province', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('city', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('max_price', c.moneyType, (col) => col.notNull().defaultTo(0))
    // the shopper's language when the alert was made: the language of its SMS
    .addColumn('language', 'text', (col) => col.notNull().defaultTo('zh-Hans'))
    .addColumn('created_at', c.timeType, (col) => col.notNull())
    .addUniqueConstraint('number_watches_mobile_slot', ['mobile', 'slot'])
    .execute();
  await db.schema
    .createTable('number_watch_hits')
    .addColumn('id', c.idType, c.id)
    .addColumn('watch_id', c.idType, (col) => col.notNull().references('number_watches.id').onDelete('cascade'))
    .addColumn('number', 'text', (col) => col.notNull())
    .addColumn('found_at', c.timeType, (col) => col.notNull())
    .addColumn('seen_at', c.timeType)
    .addUniqueConstraint('number_watch_hits_watch_number', ['watch_id', 'number'])
    .execute();
  await db.schema
    .createTable('number_watch_scan')
    .addColumn('id', 'integer', (col) => col.primaryKey())
    // the newest updated_at of the numbers read so far (the next scan reads back a minute before it)
    .addColumn('read_to', c.timeType, (col) => col.notNull())
    .execute();
}
