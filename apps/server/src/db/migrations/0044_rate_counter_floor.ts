import type { Kysely } from 'kysely';

/**
 * A counter window counted in the database while Redis is unavailable starts from the count Redis
 * had for it (lib/rate-limit.ts): `floor` keeps that start apart from the tries counted here, so the
 * tries can go back to Redis once it answers, added to its own count exactly once. 0 without Redis.
 * Frozen once shipped.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('rate_counters')
    .addColumn('floor', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
}
