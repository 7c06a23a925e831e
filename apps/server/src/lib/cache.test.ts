import { describe, expect, it, vi } from 'vitest';
import { ttlCache } from './cache.ts';

describe('ttlCache', () => {
  it('keeps an entry until ttlMs have passed on the given clock', () => {
    let clock = 1_000_000;
    const cache = ttlCache<string, number>({ ttlMs: 1_000, max: 10, now: () => clock });
    cache.set('a', 1);
    clock += 999;
    expect(cache.get('a')).toBe(1);
    clock += 1;
    expect(cache.get('a')).toBeUndefined();
  });

  it('drops the least recently used entry when full', () => {
    const clock = 1_000_000;
    const cache = ttlCache<string, number>({ ttlMs: 1_000, max: 2, now: () => clock });
    cache.set('a', 1);
    cache.set('b', 2);
    cache.get('a');
    cache.set('c', 3);
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([1, undefined, 3]);
  });
});

describe('ttlCache purging', () => {
  it('drops stale entries by itself, without a look-up', async () => {
    let clock = 1_000_000;
    const cache = ttlCache<string, number>({ ttlMs: 1_000, max: 10, now: () => clock });
    cache.set('a', 1);
    cache.set('b', 2);
    clock += 1_000;
    cache.set('c', 3);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect([...cache.keys()]).toEqual(['c']);
  });
});

describe('ttlCache admitting on second use', () => {
  it('stores a key only when it is set again within one to two periods of its first set', () => {
    vi.useFakeTimers();
    try {
      const clock = 1_000_000;
      const cache = ttlCache<number, string>({ ttlMs: 1_000, max: 10, now: () => clock, admit: 'second-use' });
      cache.set(7, 'first');
      expect(cache.get(7)).toBeUndefined();
      vi.advanceTimersByTime(1_000);
      cache.set(7, 'second');
      expect(cache.get(7)).toBe('second');
      // Already stored: an update is kept at once.
      cache.set(7, 'third');
      expect(cache.get(7)).toBe('third');

      cache.set(8, 'first');
      vi.advanceTimersByTime(2_000);
      cache.set(8, 'too late');
      expect(cache.get(8)).toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });

  it('forgets the keys seen first when more than max distinct keys are set within a period', () => {
    const cache = ttlCache<number, string>({ ttlMs: 1_000, max: 3, now: () => 1_000_000, admit: 'second-use' });
    for (let key = 0; key < 100; key++) cache.set(key, 'once');
    expect(cache.size).toBe(0);
    // Keys 96 to 99 are still held as seen, and so stored on their second set; key 0 is forgotten.
    cache.set(0, 'again');
    expect(cache.get(0)).toBeUndefined();
    cache.set(96, 'twice');
    expect(cache.get(96)).toBe('twice');
  });
});
