import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/**
 * Rewrites the single health_probe row: a real write, so a full disk, a read-only file or a
 * read-only server fails it where a `select 1` would still pass.
 */
export async function probeWrite(db: Kysely<Database>, now: number): Promise<void> {
  await db
    .insertInto('health_probe')
    .values({ id: 1, checked_at: now })
    .onConflict((oc) => oc.column('id').doUpdateSet({ checked_at: now }))
    .execute();
}
