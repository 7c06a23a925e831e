import { LRUCache } from 'lru-cache';

/**
 * A per-instance read cache: entries live `ttlMs` by the app's clock and the least recently used go
 * first when `max` is reached. For data whose source of truth is the database and where a little
 * staleness across instances is acceptable; writers on this instance delete their entries at once.
 * Each plugin creates its own caches when it is registered.
 */
export function ttlCache<K extends {}, V extends {}>(options: { ttlMs: number; max: number; now: () => number }): LRUCache<K, V> {
  // An entry is stale once ttlMs have passed on the app's clock (lru-cache counts an age above its
  // ttl as stale, and the clock is in whole milliseconds); the clock is read on every look-up.
  return new LRUCache<K, V>({ max: options.max, ttl: options.ttlMs - 1, ttlResolution: 0, perf: { now: options.now } });
}
