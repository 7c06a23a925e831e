import type { Kysely } from 'kysely';
import { columns, type DialectName } from '../dialect.ts';

/**
 * Page views and clicks of the storefront (POST /api/hk/pointReport), and the promoters' featured
 * landing pages (GET /api/shop/singlePageInfo). Frozen once shipped.
 */
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  const c = columns(dialect);
  await db.schema
    .createTable('point_reports')
    .addColumn('id', c.idType, c.id)
    .addColumn('promoter_id', c.idType, (col) => col.notNull().references('promoters.id'))
    // view | click
    .addColumn('event', 'text', (col) => col.notNull())
    .addColumn('page', 'text', (col) => col.notNull())
    .addColumn('target', 'text', (col) => col.notNull())
    .addColumn('page_code', 'text', (col) => col.notNull())
    .addColumn('bd_vid', 'text', (col) => col.notNull())
    .addColumn('qz_gdt', 'text', (col) => col.notNull())
    .addColumn('cb', 'text', (col) => col.notNull())
    .addColumn('mark', 'text', (col) => col.notNull())
    .addColumn('mark_id', 'text', (col) => col.notNull())
    .addColumn('ip', 'text', (col) => col.notNull())
    .addColumn('created_at', c.timeType, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('point_reports_promoter').on('point_reports').columns(['promoter_id', 'created_at']).execute();

  await db.schema
    .createTable('single_pages')
    .addColumn('id', c.idType, c.id)
    .addColumn('promoter_id', c.idType, (col) => col.notNull().references('promoters.id'))
    .addColumn('page_code', 'text', (col) => col.notNull())
    .addColumn('title', 'text', (col) => col.notNull())
    // JSON: the blocks in order (banner, text, numbers, button)
    .addColumn('blocks', 'text', (col) => col.notNull())
    // JSON: { switch, title, content, buttonText, link }
    .addColumn('popup', 'text', (col) => col.notNull())
    .addColumn('enabled', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('created_at', c.timeType, (col) => col.notNull())
    .addColumn('updated_at', c.timeType, (col) => col.notNull())
    .addUniqueConstraint('single_pages_code', ['promoter_id', 'page_code'])
    .execute();
}
