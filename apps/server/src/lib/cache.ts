import { LRUCache } from 'lru-cache';

/**
 * A per-instance read cache: entries live `ttlMs` by the app's clock and the least recently used go
 * first when `max` is reached. For data whose source of truth is the database and where a little
 * staleness across instances is acceptable; writers on this instance delete their entries at once.
 * Each plugin creates its own caches when it is registered.
 *
 * Stale entries are dropped every `ttlMs` (at least every second), not only when `max` pushes them
 * out: a fleet polling once never asks for its entry again, and a full cache of stale SIM infos
 * would hold a hundred megabytes for nothing.
 */
export function ttlCache<K extends {}, V extends {}>(options: { ttlMs: number; max: number; now: () => number }): LRUCache<K, V> {
  // An entry is stale once ttlMs have passed on the app's clock (lru-cache counts an age above its
  // ttl as stale, and the clock is in whole milliseconds); the clock is read on every look-up.
  const cache = new LRUCache<K, V>({ max: options.max, ttl: options.ttlMs - 1, ttlResolution: 0, perf: { now: options.now } });
  // The timer holds the cache weakly: a cache no longer used (an app closed) goes, and its timer with it.
  const ref = new WeakRef(cache);
  const timer = setInterval(
    () => {
      const live = ref.deref();
      if (live) live.purgeStale();
      else clearInterval(timer);
    },
    Math.max(1_000, options.ttlMs),
  );
  timer.unref();
  return cache;
}
