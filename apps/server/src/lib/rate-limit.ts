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

/** A try counted by `reserve`, to hand back with `release` when it turns out not to count. */
export interface Reservation {
  key: string;
  windowStart: number;
}

/**
 * Counts one try before it is checked, in one conditional upsert: the count only grows while it is
 * below `limit`, so however many requests arrive at once (on any instance), at most `limit` of
 * them get a slot in the window. Null when the window is full.
 */
export async function reserve(
  db: Kysely<Database>,
  key: string,
  limit: number,
  windowMs: number,
  now = Date.now(),
): Promise<Reservation | null> {
  const windowStart = now - (now % windowMs);
  const row = await db
    .insertInto('rate_counters')
    .values({ key, window_start: windowStart, count: 1, expires_at: windowStart + windowMs })
    .onConflict((oc) =>
      oc
        .columns(['key', 'window_start'])
        .doUpdateSet((eb) => ({ count: eb('rate_counters.count', '+', 1) }))
        .where('rate_counters.count', '<', limit),
    )
    .returning('count')
    .executeTakeFirst();
  return row ? { key, windowStart } : null;
}

/** Gives back a slot taken by `reserve` (the try succeeded, or was refused for another reason). */
export async function release(db: Kysely<Database>, r: Reservation): Promise<void> {
  await db
    .updateTable('rate_counters')
    .set((eb) => ({ count: eb('count', '-', 1) }))
    .where('key', '=', r.key)
    .where('window_start', '=', r.windowStart)
    .where('count', '>', 0)
    .execute();
}

/** Deletes the counters of windows that have ended; returns how many. */
export function purgeExpired(db: Kysely<Database>, dialect: DialectName, now: number): Promise<number> {
  return deleteBefore(db, dialect, 'rate_counters', 'expires_at', now);
}
