import { z } from 'zod';
import { msg } from './messages.ts';
import { patternTag } from './numbers.ts';

/**
 * Number alerts: a logged-in shopper saves what they look for (an ending, a pattern, a province or
 * city, an operator, a top price at the storefront) and is told once of each matching number that
 * comes on sale after (an import or a released hold). Money is integer fen.
 */

/** At most this many alerts per shopper. */
export const MAX_NUMBER_WATCHES = 10;

const divisionCode = z.string().regex(/^\d{6}$/, msg('validation.divisionCode'));
const blank = z.literal('');

/** POST /api/shop/numberWatch/create. An ending or a pattern is required (the server says which field). */
export const numberWatchCreateBody = z.object({
  promoCode: z.string().max(64).optional(),
  endsWith: z.union([blank, z.string().regex(/^\d{2,8}$/, msg('validation.digits'))]).optional(),
  pattern: z.union([blank, patternTag]).optional(),
  operator: z.union([blank, z.enum(['1', '2', '3', '4'])]).optional(),
  province: z.union([blank, divisionCode]).optional(),
  city: z.union([blank, divisionCode]).optional(),
  /** The most the shopper would pay at the storefront, fen; absent or 0: any price. */
  maxPrice: z.coerce.number().int().min(0).max(100_000_000_00).optional(),
});
export type NumberWatchCreateBody = z.infer<typeof numberWatchCreateBody>;

/** POST /api/shop/numberWatch/delete and /seen. */
export const numberWatchIdBody = z.object({ id: z.coerce.number().int().positive() });

/** A number found for an alert, as the storefront shows it now. */
export const numberWatchHit = z.object({
  number: z.string(),
  /** The storefront's price now, fen. */
  price: z.number().int(),
  /** Still on sale (it may have been sold or held since it was found). */
  onSale: z.boolean(),
  foundAt: z.number().int(),
  /** Not yet looked at on the alerts page. */
  unseen: z.boolean(),
});
export type NumberWatchHit = z.infer<typeof numberWatchHit>;

export const numberWatch = z.object({
  id: z.number().int(),
  endsWith: z.string(),
  pattern: z.string(),
  operator: z.string(),
  province: z.string(),
  city: z.string(),
  maxPrice: z.number().int(),
  createdAt: z.number().int(),
  /** Newest first, at most 20. */
  hits: z.array(numberWatchHit),
});
export type NumberWatch = z.infer<typeof numberWatch>;

/** GET /api/shop/numberWatch/list: the shopper's alerts and how many found numbers are unseen. */
export const numberWatchList = z.object({ list: z.array(numberWatch), unseen: z.number().int() });
export type NumberWatchList = z.infer<typeof numberWatchList>;

export const numberWatchListQuery = z.object({ promoCode: z.string().max(64).optional() });
