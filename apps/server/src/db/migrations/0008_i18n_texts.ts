import type { Kysely } from 'kysely';
import type { DialectName } from '../dialect.ts';

/**
 * Texts of data (package names, notices, store names, layouts…) in other languages than the
 * Simplified Chinese they are stored in: one row per entity, row, field and language. `field` is a
 * column name, or a JSON path inside a document column ("front.fastNav.0.title"). Frozen once shipped.
 */
export async function up(db: Kysely<any>, _dialect: DialectName): Promise<void> {
  await db.schema
    .createTable('i18n_texts')
    .addColumn('entity', 'text', (col) => col.notNull())
    .addColumn('entity_id', 'text', (col) => col.notNull())
    .addColumn('field', 'text', (col) => col.notNull())
    .addColumn('language', 'text', (col) => col.notNull())
    .addColumn('text', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('i18n_texts_pk', ['entity', 'entity_id', 'language', 'field'])
    .execute();
}
