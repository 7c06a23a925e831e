import { LRUCache } from 'lru-cache';

export interface TtlCacheOptions {
  ttlMs: number;
  max: number;
  now: () => number;
  /**
   * `second-use`: a key is stored only when it is set again within one to two `ttlMs` of its first
   * set (or is already stored). For per-card caches whose callers are fleets: a card polled every
   * few seconds or more would never be read from a one-second cache, and storing each reply only
   * moves it to the old generation to die there. A card asked twice at once (the app's first
   * screen) is stored from its second miss on.
   */
  admit?: 'always' | 'second-use';
}

/**
 * Only keys seen recently are stored (see `TtlCacheOptions.admit`). The keys seen are bounded by
 * `max` too: a flood of distinct keys (unknown tokens) rotates the sets early, so at most 2 × `max`
 * keys are held, and admission is only as forgetful as the flood makes it.
 */
class SecondUseCache<K extends {}, V extends {}> extends LRUCache<K, V> {
  #seen = new Set<K>();
  #before = new Set<K>();

  override set(k: K, v: V | undefined, setOptions?: LRUCache.SetOptions<K, V, unknown>): this {
    if (this.has(k) || this.#seen.has(k) || this.#before.has(k)) return super.set(k, v, setOptions);
    if (this.#seen.size >= this.max) this.rotate();
    this.#seen.add(k);
    return this;
  }

  /** Called every `ttlMs`: the keys seen in the last period stay admissible for one more. */
  rotate(): void {
    this.#before = this.#seen;
    this.#seen = new Set();
  }
}

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
export function ttlCache<K extends {}, V extends {}>(options: TtlCacheOptions): LRUCache<K, V> {
  // An entry is stale once ttlMs have passed on the app's clock (lru-cache counts an age above its
  // ttl as stale, and the clock is in whole milliseconds); the clock is read on every look-up.
  const lruOptions = { max: options.max, ttl: options.ttlMs - 1, ttlResolution: 0, perf: { now: options.now } };
  const cache = options.admit === 'second-use' ? new SecondUseCache<K, V>(lruOptions) : new LRUCache<K, V>(lruOptions);
  // The timer holds the cache weakly: a cache no longer used (an app closed) goes, and its timer with it.
  const ref = new WeakRef(cache);
  const timer = setInterval(
    () => {
      const live = ref.deref();
      if (!live) return clearInterval(timer);
      live.purgeStale();
      if (live instanceof SecondUseCache) live.rotate();
    },
    Math.max(1_000, options.ttlMs),
  );
  timer.unref();
  return cache;
}
