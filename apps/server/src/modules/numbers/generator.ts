import { FEATURED_BIT, patternTags, tagMask } from './patterns.ts';
import { suggestedPrice } from './pricing.ts';
import type { NewNumber } from './repository.ts';

/**
 * Realistic, deterministic vanity-number inventory for the demo seed and the benchmark: real
 * segments of each operator, a spread of provinces and cities, a quarter of the numbers built
 * around a pattern, prices from the patterns.
 */

/** Small fast seeded PRNG (mulberry32): the same seed gives the same inventory. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SEGMENTS: Record<string, string[]> = {
  '4': [
    '134',
    '135',
    '136',
    '137',
    '138',
    '139',
    '147',
    '150',
    '151',
    '152',
    '157',
    '158',
    '159',
    '172',
    '178',
    '182',
    '183',
    '184',
    '187',
    '188',
    '195',
    '198',
  ],
  '2': ['130', '131', '132', '145', '155', '156', '166', '175', '176', '185', '186', '196'],
  '1': ['133', '149', '153', '173', '177', '180', '181', '189', '190', '191', '193', '199'],
  '3': ['192'],
};
const OPERATORS: [string, number][] = [
  ['4', 45],
  ['2', 25],
  ['1', 25],
  ['3', 5],
];
/** [province, city, weight] */
export const REGIONS: [string, string, number][] = [
  ['440000', '440300', 14],
  ['440000', '440100', 12],
  ['440000', '441900', 5],
  ['440000', '440600', 4],
  ['110000', '110100', 10],
  ['310000', '310100', 10],
  ['330000', '330100', 7],
  ['330000', '330200', 3],
  ['320000', '320100', 5],
  ['320000', '320500', 5],
  ['510000', '510100', 8],
  ['420000', '420100', 6],
  ['350000', '350200', 4],
  ['610000', '610100', 4],
  ['370000', '370200', 3],
];

function weighted<T>(rnd: () => number, items: [T, ...unknown[]][], weightAt: number): T {
  const total = items.reduce((s, i) => s + (i[weightAt] as number), 0);
  let r = rnd() * total;
  for (const i of items) {
    r -= i[weightAt] as number;
    if (r < 0) return i[0];
  }
  return (items[items.length - 1] as [T])[0];
}

const digit = (rnd: () => number) => String(Math.floor(rnd() * 10));
const digits = (rnd: () => number, n: number) => Array.from({ length: n }, () => digit(rnd)).join('');
const other = (rnd: () => number, not: string) => String((Number(not) + 1 + Math.floor(rnd() * 9)) % 10);

/** Tails that shoppers look for; the rest of the 8 digits is random. */
const TAILS: ((rnd: () => number) => string)[] = [
  (r) => digit(r).repeat(4),
  (r) => digit(r).repeat(3),
  (r) => {
    const a = digit(r);
    const b = other(r, a);
    return a + a + b + b;
  },
  (r) => {
    const a = digit(r);
    const b = other(r, a);
    return a + b + a + b;
  },
  (r) => {
    const a = digit(r);
    const b = other(r, a);
    return a + b + b + a;
  },
  (r) => {
    const s = Math.floor(r() * 7);
    return [0, 1, 2, 3].map((i) => s + i).join('');
  },
  (r) => {
    const s = 3 + Math.floor(r() * 7);
    return [0, 1, 2, 3].map((i) => s - i).join('');
  },
  () => '88',
  () => '888',
  () => '66',
  () => '99',
  () => '520',
  () => '1314',
  (r) => `${String(1 + Math.floor(r() * 12)).padStart(2, '0')}${String(1 + Math.floor(r() * 28)).padStart(2, '0')}`,
  (r) =>
    `${1960 + Math.floor(r() * 50)}${String(1 + Math.floor(r() * 12)).padStart(2, '0')}${String(1 + Math.floor(r() * 28)).padStart(2, '0')}`,
];

function subscriber(rnd: () => number): string {
  if (rnd() >= 0.25) return digits(rnd, 8);
  const tail = (TAILS[Math.floor(rnd() * TAILS.length)] as (r: () => number) => string)(rnd);
  return digits(rnd, 8 - tail.length) + tail;
}

/** `count` distinct numbers on sale, the same for the same seed, in rank order. */
export function generateNumbers(count: number, seed = 20260101): NewNumber[] {
  const rnd = prng(seed);
  const seen = new Set<string>();
  const out: NewNumber[] = [];
  while (out.length < count) {
    const operator = weighted(rnd, OPERATORS, 1);
    const segs = SEGMENTS[operator] as string[];
    const number = (segs[Math.floor(rnd() * segs.length)] as string) + subscriber(rnd);
    if (seen.has(number)) continue;
    seen.add(number);
    const [province, city] = REGIONS[Math.floor(weightedIndex(rnd))] as [string, string, number];
    const tags = patternTags(number);
    const price = suggestedPrice(tags, number);
    const featured = price.price >= 999_00 ? rnd() < 0.5 : rnd() < 0.01;
    out.push({
      number,
      operator,
      province,
      city,
      price: price.price,
      prestored: price.prestored,
      minMonthlyFee: price.minMonthlyFee,
      tags: tagMask(tags) | (featured ? FEATURED_BIT : 0),
      rank: Math.floor(rnd() * 2 ** 31),
    });
  }
  // In rank order, so the rank indexes fill in order (a faster bulk load).
  return out.sort((a, b) => a.rank - b.rank);

  function weightedIndex(r: () => number): number {
    const total = REGIONS.reduce((s, x) => s + x[2], 0);
    let v = r() * total;
    for (let i = 0; i < REGIONS.length; i++) {
      v -= (REGIONS[i] as [string, string, number])[2];
      if (v < 0) return i;
    }
    return REGIONS.length - 1;
  }
}
