/**
 * A small per-instance read cache: entries live `ttlMs` by the caller's clock and the oldest go first
 * when `max` is reached. For data whose source of truth is the database and where a second of
 * staleness across instances is acceptable; writers on this instance call `delete` at once.
 */
export class TtlCache<K, V> {
  readonly #map = new Map<K, { at: number; value: V }>();

  constructor(
    readonly ttlMs: number,
    readonly max: number,
  ) {}

  get(key: K, now: number): V | undefined {
    const hit = this.#map.get(key);
    if (!hit) return undefined;
    if (now - hit.at >= this.ttlMs || now < hit.at) {
      this.#map.delete(key);
      return undefined;
    }
    return hit.value;
  }

  set(key: K, value: V, now: number): void {
    if (this.#map.size >= this.max && !this.#map.has(key)) {
      const oldest = this.#map.keys().next();
      if (!oldest.done) this.#map.delete(oldest.value);
    }
    this.#map.delete(key);
    this.#map.set(key, { at: now, value });
  }

  delete(key: K): void {
    this.#map.delete(key);
  }

  /** Deletes every entry whose key matches. */
  deleteWhere(match: (key: K) => boolean): void {
    for (const key of this.#map.keys()) if (match(key)) this.#map.delete(key);
  }

  clear(): void {
    this.#map.clear();
  }
}
