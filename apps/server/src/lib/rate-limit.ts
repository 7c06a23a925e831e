import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { type Kysely, sql } from 'kysely';
import { LRUCache } from 'lru-cache';
import { type DialectName, deleteBefore } from '../db/dialect.ts';
import type { Database } from '../db/schema.ts';

/**
 * The counters of a database kept in Redis instead (REDIS_URL): each window is one key, counted by
 * a Lua script (INCR with PEXPIRE, atomic on the Redis server), so every instance sees the same
 * counts without a write to the database per try.
 *
 * While Redis is unavailable (down, or silent: see lib/shared.ts) the tries are counted in the
 * database, and a window split between the two stores is counted once, not twice (decision 0063):
 * - into the database: a window's row keeps, apart from the tries counted there (`count`), the
 *   highest count any instance last had from Redis for it (`floor`); the window's count is the sum,
 *   so a limit half used in Redis is not whole again in the database;
 * - back into Redis: the first try of such a window on an instance takes the tries counted in the
 *   database (claimed once: the row's count goes back to 0) and adds them to the Redis key, raised
 *   first to at least the floor (a Redis that lost its keys).
 * Only tries an instance never saw (another instance's last ones before Redis went away) can be
 * missed, and only until that instance counts in the database too.
 */
class RedisCounters {
  /** The last count Redis gave this instance per key and window start: its floors in the database. */
  readonly #seen = new LRUCache<string, number>({ max: 20_000 });
  /** Per key and window start, the fallback (its time) whose tries the Redis key has taken. */
  readonly #carried = new LRUCache<string, number>({ max: 20_000 });
  /** When this instance last counted in the database for want of Redis (the tries' clock), or -1. */
  #fellBackAt = -1;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly log: FastifyBaseLogger | undefined,
  ) {}

  /** Connected: otherwise the database counts meanwhile (a request never fails for want of Redis). */
  get ready(): boolean {
    return this.redis.status === 'ready';
  }

  key(key: string, windowStart: number): string {
    return `${this.prefix}rate:${key}:${windowStart}`;
  }

  seen(key: string, windowStart: number): number {
    return this.#seen.get(`${key}\n${windowStart}`) ?? 0;
  }

  saw(key: string, windowStart: number, count: number, windowMs: number): void {
    this.#seen.set(`${key}\n${windowStart}`, count, { ttl: windowMs });
  }

  /** Notes a try counted in the database for want of Redis. */
  fellBack(now: number, err?: unknown): void {
    if (err) this.log?.warn({ err }, 'Redis did not count: the database counts meanwhile');
    this.#fellBackAt = Math.max(this.#fellBackAt, now);
  }

  /**
   * Runs one counting script on the window's Redis key, handing it what the database counted for
   * the window while Redis was away (claimed from the row, and put back if the script fails).
   */
  async run(script: string, key: string, windowStart: number, windowMs: number, args: number[]): Promise<number> {
    const id = `${key}\n${windowStart}`;
    const fellBackAt = this.#fellBackAt;
    let floor = 0;
    let tries = 0;
    if (fellBackAt >= windowStart && this.#carried.get(id) !== fellBackAt) {
      const row = await this.db
        .selectFrom('rate_counters')
        .select(['count', 'floor'])
        .where('key', '=', key)
        .where('window_start', '=', windowStart)
        .executeTakeFirst();
      floor = row?.floor ?? 0;
      // The row's tries go to Redis once: the instance whose update finds them still there takes them.
      const claimed =
        row && row.count > 0
          ? await this.db
              .updateTable('rate_counters')
              .set({ count: 0 })
              .where('key', '=', key)
              .where('window_start', '=', windowStart)
              .where('count', '=', row.count)
              .executeTakeFirst()
          : undefined;
      if (claimed && Number(claimed.numUpdatedRows) === 1) tries = row!.count;
      if (!row || row.count === 0 || tries > 0) this.#carried.set(id, fellBackAt, { ttl: windowMs });
    }
    try {
      return Number(await this.redis.eval(script, 1, this.key(key, windowStart), windowMs, floor, tries, ...args));
    } catch (err) {
      if (tries > 0) {
        this.#carried.delete(id);
        await this.db
          .updateTable('rate_counters')
          .set((eb) => ({ count: eb('count', '+', tries) }))
          .where('key', '=', key)
          .where('window_start', '=', windowStart)
          .execute();
      }
      throw err;
    }
  }

  async release(key: string): Promise<void> {
    await this.redis.eval(RELEASE, 1, key);
  }
}

/**
 * ARGV[1] the window's length, ARGV[2] a floor, ARGV[3] tries counted elsewhere: the key is raised
 * to the floor and the tries added (keeping its expiry, or giving it one), before the count.
 */
const CARRY = `local f = tonumber(ARGV[2]) local t = tonumber(ARGV[3])
if f > 0 or t > 0 then
  local c = tonumber(redis.call('GET', KEYS[1]) or '0')
  local n = math.max(c, f) + t
  if n ~= c then
    local ttl = redis.call('PTTL', KEYS[1])
    redis.call('SET', KEYS[1], n)
    if ttl > 0 then redis.call('PEXPIRE', KEYS[1], ttl) else redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
  end
end
`;
/** Adds one; the count after. The key lives one window (of real time) from its first try. */
const HIT = `${CARRY}local c = redis.call('INCR', KEYS[1]) if c == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end return c`;
/** Adds one only while the count is below ARGV[4]; the count after, or 0 when full. */
const RESERVE = `${CARRY}local c = redis.call('INCR', KEYS[1])
if c == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
if c > tonumber(ARGV[4]) then redis.call('DECR', KEYS[1]) return 0 end
return c`;
const RELEASE = `local c = tonumber(redis.call('GET', KEYS[1]) or '0') if c > 0 then return redis.call('DECR', KEYS[1]) end return 0`;

const inRedis = new WeakMap<Kysely<Database>, RedisCounters>();

/**
 * Keeps the rate-limit counters of `db` in Redis from now on (the app does this when REDIS_URL is
 * set); calls made inside a transaction of `db` still count in the database.
 */
export function countInRedis(db: Kysely<Database>, redis: Redis, prefix: string, log?: FastifyBaseLogger): void {
  inRedis.set(db, new RedisCounters(db, redis, prefix, log));
}

/** The row's floor after a try that brings `floor` (the higher of the two). */
const raisedFloor = (floor: number) => sql<number>`case when rate_counters.floor > ${floor} then rate_counters.floor else ${floor} end`;

/**
 * The Redis counters of `db` when it has them, after trying `inRedis` there; what the database
 * needs to count the try instead (the floor of this instance), or the Redis result.
 */
async function tryRedis<T>(
  db: Kysely<Database>,
  key: string,
  windowStart: number,
  now: number,
  inRedisTry: (redis: RedisCounters) => Promise<T>,
): Promise<{ done: T } | { floor: number; redis: RedisCounters | undefined }> {
  const redis = inRedis.get(db);
  if (!redis) return { floor: 0, redis };
  if (redis.ready) {
    try {
      return { done: await inRedisTry(redis) };
    } catch (err) {
      redis.fellBack(now, err);
    }
  } else redis.fellBack(now);
  return { floor: redis.seen(key, windowStart), redis };
}

/**
 * Fixed-window counters shared by every server instance: in the database, or in Redis when the app
 * has one (in the database while Redis is unavailable). `hit` adds one and tells whether the caller
 * is still within `limit` for the window.
 */
export async function hit(
  db: Kysely<Database>,
  key: string,
  limit: number,
  windowMs: number,
  now = Date.now(),
): Promise<{ allowed: boolean; count: number; retryAfterMs: number }> {
  const windowStart = now - (now % windowMs);
  const retryAfterMs = windowStart + windowMs - now;
  const tried = await tryRedis(db, key, windowStart, now, async (redis) => {
    const count = await redis.run(HIT, key, windowStart, windowMs, []);
    redis.saw(key, windowStart, count, windowMs);
    return count;
  });
  if ('done' in tried) return { allowed: tried.done <= limit, count: tried.done, retryAfterMs };
  const row = await db
    .insertInto('rate_counters')
    .values({ key, window_start: windowStart, count: 1, floor: tried.floor, expires_at: windowStart + windowMs })
    .onConflict((oc) =>
      oc
        .columns(['key', 'window_start'])
        .doUpdateSet((eb) => ({ count: eb('rate_counters.count', '+', 1), floor: raisedFloor(tried.floor) })),
    )
    .returning(['count', 'floor'])
    .executeTakeFirstOrThrow();
  const count = row.floor + row.count;
  return { allowed: count <= limit, count, retryAfterMs };
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
  const tried = await tryRedis(db, key, windowStart, now, async (redis) => {
    const count = await redis.run(RESERVE, key, windowStart, windowMs, [limit]);
    redis.saw(key, windowStart, count || limit, windowMs);
    return count;
  });
  if ('done' in tried) return tried.done > 0 ? { key, windowStart, inRedis: true } : null;
  if (tried.floor >= limit) return null;
  const row = await db
    .insertInto('rate_counters')
    .values({ key, window_start: windowStart, count: 1, floor: tried.floor, expires_at: windowStart + windowMs })
    .onConflict((oc) =>
      oc
        .columns(['key', 'window_start'])
        .doUpdateSet((eb) => ({ count: eb('rate_counters.count', '+', 1), floor: raisedFloor(tried.floor) }))
        .where(sql<number>`${raisedFloor(tried.floor)} + rate_counters.count`, '<', limit),
    )
    .returning('count')
    .executeTakeFirst();
  return row ? { key, windowStart } : null;
}

/** Gives back a slot taken by `reserve` (the try succeeded, or was refused for another reason). */
export async function release(db: Kysely<Database>, r: Reservation): Promise<void> {
  const redis = inRedis.get(db);
  // A slot that cannot be given back in Redis (unavailable) stays taken until its window ends.
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
