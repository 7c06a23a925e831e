import type { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import { type DialectName, deleteBefore } from '../db/dialect.ts';
import type { Database } from '../db/schema.ts';

/**
 * The counters of a database kept in Redis instead (REDIS_URL): each window is one key, counted by
 * a Lua script (INCR with PEXPIRE, atomic on the Redis server), so every instance sees the same
 * counts without a write to the database per try.
 */
class RedisCounters {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  /** Connected: otherwise the database counts meanwhile (a request never fails for want of Redis). */
  get ready(): boolean {
    return this.redis.status === 'ready';
  }

  key(key: string, windowStart: number): string {
    return `${this.prefix}rate:${key}:${windowStart}`;
  }

  /** Adds one; the count after. The key lives one window (of real time) from its first try. */
  async hit(key: string, windowMs: number): Promise<number> {
    return Number(await this.redis.eval(HIT, 1, key, windowMs));
  }

  /** Adds one only while the count is below `limit`; the count after, or 0 when full. */
  async reserve(key: string, limit: number, windowMs: number): Promise<number> {
    return Number(await this.redis.eval(RESERVE, 1, key, limit, windowMs));
  }

  async release(key: string): Promise<void> {
    await this.redis.eval(RELEASE, 1, key);
  }
}

const HIT = `local c = redis.call('INCR', KEYS[1]) if c == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end return c`;
const RESERVE = `local c = redis.call('INCR', KEYS[1])
if c == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
if c > tonumber(ARGV[1]) then redis.call('DECR', KEYS[1]) return 0 end
return c`;
const RELEASE = `local c = tonumber(redis.call('GET', KEYS[1]) or '0') if c > 0 then return redis.call('DECR', KEYS[1]) end return 0`;

const inRedis = new WeakMap<Kysely<Database>, RedisCounters>();
const redisOf = (db: Kysely<Database>) => {
  const r = inRedis.get(db);
  return r?.ready ? r : undefined;
};

/**
 * Keeps the rate-limit counters of `db` in Redis from now on (the app does this when REDIS_URL is
 * set); calls made inside a transaction of `db` still count in the database.
 */
export function countInRedis(db: Kysely<Database>, redis: Redis, prefix: string): void {
  inRedis.set(db, new RedisCounters(redis, prefix));
}

/**
 * Fixed-window counters shared by every server instance: in the database, or in Redis when the app
 * has one. `hit` adds one and tells whether the caller is still within `limit` for the window.
 */
export async function hit(
  db: Kysely<Database>,
  key: string,
  limit: number,
  windowMs: number,
  now = Date.now(),
): Promise<{ allowed: boolean; count: number; retryAfterMs: number }> {
  const windowStart = now - (now % windowMs);
  const redis = redisOf(db);
  if (redis) {
    const count = await redis.hit(redis.key(key, windowStart), windowMs);
    return { allowed: count <= limit, count, retryAfterMs: windowStart + windowMs - now };
  }
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
  /** Counted in Redis (else in the database). */
  inRedis?: boolean;
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
  const redis = redisOf(db);
  if (redis) return (await redis.reserve(redis.key(key, windowStart), limit, windowMs)) > 0 ? { key, windowStart, inRedis: true } : null;
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
  const redis = inRedis.get(db);
  if (r.inRedis) return redis?.release(redis.key(r.key, r.windowStart)).catch(() => {});
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
