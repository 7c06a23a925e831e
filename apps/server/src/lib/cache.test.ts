import { describe, expect, it } from 'vitest';
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
