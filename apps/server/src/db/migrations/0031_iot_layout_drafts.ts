import type { Kysely } from 'kysely';
import { columns, type DialectName } from '../dialect.ts';

/**
 * Drafts of promoters' SIM layouts (iot-layout module): an operator saves a draft, previews it and
 * publishes it; the shop sees only the published layout. Each save is a row of its own, so a preview
 * names exactly what it shows. Frozen once shipped.
 */
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  const c = columns(dialect);
  await db.schema
    .createTable('iot_layout_drafts')
    .addColumn('id', c.idType, c.id)
    .addColumn('promoter_id', c.idType, (col) => col.notNull().references('promoters.id'))
    // The layout as stored when published (Simplified Chinese texts), JSON.
    .addColumn('config', 'text', (col) => col.notNull())
    // Its English and Traditional Chinese: {"layout.menus.0.title": {"en": …, "zh-Hant": …}}, JSON.
    .addColumn('texts', 'text', (col) => col.notNull())
    .addColumn('operator_id', c.idType, (col) => col.notNull())
    .addColumn('created_at', c.timeType, (col) => col.notNull())
    .addColumn('published_at', c.timeType)
    .execute();
  await db.schema.createIndex('iot_layout_drafts_promoter').on('iot_layout_drafts').columns(['promoter_id', 'id']).execute();
}
