import { z } from 'zod';
import { msg } from './messages.ts';

/**
 * Vanity-number inventory: search, detail, packages and the filter options of the storefront
 * (spec §2 VanityNumber home, §4 operator filter options, §7 numberList / ipLocation).
 * Money is integer fen; an operator is the `operator_type` dictionary value ('4' mobile, '2' unicom,
 * '1' telecom, '3' broadcast); regions are six-digit division codes.
 */

import { FEATURED_OPERATOR, NUMBER_SORTS, NUMBER_STATUSES, PATTERN_TAGS } from './numbers-terms.ts';

export { FEATURED_OPERATOR, NUMBER_SORTS, NUMBER_STATUSES, type NumberStatus, PATTERN_TAGS, type PatternTag } from './numbers-terms.ts';
export const patternTag = z.enum(PATTERN_TAGS);
export const numberStatus = z.enum(NUMBER_STATUSES);

const digits = (max: number) => z.string().regex(new RegExp(`^\\d{1,${max}}$`), msg('validation.digits'));
const divisionCode = z.string().regex(/^\d{6}$/, msg('validation.divisionCode'));
const fen = z.coerce.number().int().min(0, msg('validation.moneyMin')).max(100_000_000_00, msg('validation.moneyMax'));

/**
 * GET /api/shop/numberList. Empty strings count as absent. `operator` '' = all, '-99' = featured
 * (only when the storefront's front.suggest is on). `page` is at most 50 (1,000 numbers deep).
 */
export const numberListQuery = z.object({
  promoCode: z.string().max(64).optional(),
  operator: z.union([z.literal(''), z.literal(FEATURED_OPERATOR), z.enum(['1', '2', '3', '4'])]).optional(),
  province: z.union([z.literal(''), divisionCode]).optional(),
  city: z.union([z.literal(''), divisionCode]).optional(),
  segment: z.union([z.literal(''), z.string().regex(/^1\d{2}$/, msg('validation.segment'))]).optional(),
  pattern: z.union([z.literal(''), patternTag]).optional(),
  contains: z.union([z.literal(''), digits(11)]).optional(),
  endsWith: z.union([z.literal(''), digits(8)]).optional(),
  /** '1' or 'true': only numbers without the digit 4. */
  exclude4: z
    .enum(['', '0', '1', 'true', 'false'])
    .optional()
    .transform((v) => v === '1' || v === 'true'),
  minPrice: z.union([z.literal('').transform(() => undefined), fen]).optional(),
  maxPrice: z.union([z.literal('').transform(() => undefined), fen]).optional(),
  sort: z.union([z.literal('').transform(() => 'default' as const), z.enum(NUMBER_SORTS)]).default('default'),
  page: z.coerce.number().int().min(1).max(50).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(20),
});
export type NumberListQuery = z.input<typeof numberListQuery>;

export const numberItem = z.object({
  number: z.string(),
  segment: z.string(),
  operator: z.string(),
  operatorName: z.string(),
  province: z.string(),
  provinceName: z.string(),
  city: z.string(),
  cityName: z.string(),
  /** Number fee, fen. */
  price: z.number().int(),
  /** Prestored call credit paid with the order, fen. */
  prestored: z.number().int(),
  tags: z.array(patternTag),
  featured: z.boolean(),
});
export type NumberItem = z.infer<typeof numberItem>;

/** A page of numbers. `total` is exact up to 1,000; above that it is 1,000 and `totalCapped` is true. */
export const numberListReply = z.object({
  list: z.array(numberItem),
  total: z.number().int(),
  totalCapped: z.boolean(),
  hasMore: z.boolean(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type NumberListReply = z.infer<typeof numberListReply>;

export const numberPackage = z.object({
  id: z.number().int(),
  operator: z.string(),
  name: z.string(),
  /** Monthly fee, fen. */
  monthlyFee: z.number().int(),
  /** Data allowance per month, MB. */
  dataMb: z.number().int(),
  /** Voice minutes per month. */
  voiceMinutes: z.number().int(),
  description: z.string(),
});
export type NumberPackage = z.infer<typeof numberPackage>;

export const numberQuery = z.object({
  number: z.string().regex(/^1\d{10}$/, msg('validation.elevenDigits')),
  /** The storefront whose prices are shown (agents' custom prices). */
  promoCode: z.string().max(64).optional(),
});

export const numberDetail = numberItem.extend({
  status: numberStatus,
  /** Packages this number can be ordered with (monthly fee at least the number's minimum). */
  packages: z.array(numberPackage),
  /** Lowest monthly package fee this number requires, fen. */
  minMonthlyFee: z.number().int(),
});
export type NumberDetail = z.infer<typeof numberDetail>;

export const filterOption = z.object({ label: z.string(), value: z.string() });
export const priceRange = z.object({ label: z.string(), min: z.number().int().nullable(), max: z.number().int().nullable() });

export const numberFilterOptionsQuery = z.object({ promoCode: z.string().max(64).optional() });
/** GET /api/shop/numberFilters: what the FilterSearch popups and the hot-search row offer. */
export const numberFilterOptions = z.object({
  /** All (''), Featured ('-99') when front.suggest, then the operator_type dictionary. */
  operators: z.array(filterOption),
  patterns: z.array(filterOption),
  segments: z.array(z.object({ operator: z.string(), segment: z.string() })),
  /** Provinces that have numbers on sale. */
  provinces: z.array(z.object({ code: z.string(), name: z.string() })),
  priceRanges: z.array(priceRange),
  sorts: z.array(filterOption),
  hotSearches: z.array(z.object({ label: z.string(), field: z.enum(['contains', 'endsWith', 'pattern']), value: z.string() })),
});
export type NumberFilterOptions = z.infer<typeof numberFilterOptions>;

export const ipLocationQuery = z.object({ promoCode: z.string().max(64).optional() });
/** GET /api/shop/base/ipLocation: the caller's region, or the storefront's default when the IP says none. */
export const ipLocation = z.object({
  province: z.string(),
  provinceName: z.string(),
  city: z.string(),
  cityName: z.string(),
  source: z.enum(['ip', 'default']),
});
export type IpLocation = z.infer<typeof ipLocation>;
