import type { Kysely } from 'kysely';
import { type DialectName, deleteBefore } from '../db/dialect.ts';
import type { Database } from '../db/schema.ts';

/**
 * Fixed-window counters in the database, so every server instance sees the same counts.
 * `hit` adds one and tells whether the caller is still within `limit` for the window.
 */
export async function hit(
  db: Kysely<Database>,
  key: string,
  limit: number,
  windowMs: number,
  now = Date.now(),
): Promise<{ allowed: boolean; count: number; retryAfterMs: number }> {
  const windowStart = now - (now % windowMs);
  const row = await db
    .insertInto('rate_counters')
    .values({ key, window_start: windowStart, count: 1, expires_at: windowStart + windowMs })
    .onConflict((oc) => oc.columns(['key', 'window_start']).doUpdateSet((eb) => ({ count: eb('rate_counters.count', '+', 1) })))
    .returning('count')
    .executeTakeFirstOrThrow();
  return { allowed: row.count <= limit, count: row.count, retryAfterMs: windowStart + windowMs - now };
}

/** Reads the current count without adding to it. */
export async function peek(db: Kysely<Database>, key: string, windowMs: number, now = Date.now()): Promise<number> {
  const windowStart = now - (now % windowMs);
  const row = await db
    .selectFrom('rate_counters')
    .select('count')
    .where('key', '=', key)
    .where('window_start', '=', windowStart)
    .executeTakeFirst();
  return row?.count ?? 0;
}

/** Deletes the counters of windows that have ended; returns how many. */
export function purgeExpired(db: Kysely<Database>, dialect: DialectName, now: number): Promise<number> {
  return deleteBefore(db, dialect, 'rate_counters', 'expires_at', now);
}
