import type { Kysely } from 'kysely';
import { columns, type DialectName } from '../dialect.ts';

/**
 * Uploaded files (ID photos and the like): the bytes live under UPLOAD_DIR by their random id; a
 * row names the owner (`sim:<id>` or `buyer:<mobile>`), the purpose and the type found in the
 * content. Frozen once shipped.
 */
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  const c = columns(dialect);
  await db.schema
    .createTable('uploads')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('owner', 'text', (col) => col.notNull())
    .addColumn('purpose', 'text', (col) => col.notNull())
    .addColumn('mime', 'text', (col) => col.notNull())
    .addColumn('size', 'integer', (col) => col.notNull())
    .addColumn('created_at', c.timeType, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('uploads_owner').on('uploads').columns(['owner', 'created_at']).execute();
}
