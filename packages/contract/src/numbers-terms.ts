/**
 * The vanity-number terms the shop's pages use without validating anything: plain constants, so a
 * page that needs them does not load the schemas (and zod) with them. `numbers.ts` re-exports them.
 */

/** Pattern tags computed when a number is added; `featured` is set by the shop, not by the digits. */
export const PATTERN_TAGS = [
  'AAAA',
  'AAA',
  'AABB',
  'ABAB',
  'ABBA',
  'ASC',
  'DESC',
  'TAIL8',
  'TAIL6',
  'TAIL9',
  'TAIL520',
  'TAIL1314',
  'NO4',
  'MMDD',
  'YYYYMMDD',
] as const;
export type PatternTag = (typeof PATTERN_TAGS)[number];

/** The Featured operator filter value (spec §4, §9). */
export const FEATURED_OPERATOR = '-99';

export const NUMBER_STATUSES = ['on_sale', 'held', 'sold', 'off_sale'] as const;
export type NumberStatus = (typeof NUMBER_STATUSES)[number];

export const NUMBER_SORTS = ['default', 'price_asc', 'price_desc'] as const;
