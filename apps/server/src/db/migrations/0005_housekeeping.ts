import type { Kysely } from 'kysely';
import { columns, type DialectName } from '../dialect.ts';

/**
 * Housekeeping: the row /healthz writes to prove the database takes writes, and the index the
 * purge of old idempotency keys walks. Frozen once shipped.
 */
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  const c = columns(dialect);
  await db.schema
    .createTable('health_probe')
    .addColumn('id', 'integer', (col) => col.primaryKey())
    .addColumn('checked_at', c.timeType, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('idempotency_keys_created').on('idempotency_keys').column('created_at').execute();
}
