import { z } from 'zod';
import { FEATURED_OPERATOR, patternTag } from './numbers.ts';

/**
 * A promoter's featured landing page (spec §2 /pages-sub/single/*, §7 GET /api/shop/singlePageInfo),
 * found by its page code. When the app is opened with `pageCode`, home is this page. Its blocks are
 * shown in order; texts come in the caller's language.
 */

const link = z.string().describe('an internal page path (starting with /pages) or an http(s) link; empty for none');

export const bannerBlock = z.object({
  type: z.literal('banner'),
  items: z.array(z.object({ image: z.string(), title: z.string(), link })),
});
export const textBlock = z.object({
  type: z.literal('text'),
  title: z.string(),
  content: z.string().describe('rich text (HTML: text structure and emphasis), sanitised when saved and when shown'),
});
/** Numbers on sale of the promoter matching a filter (fetched by the app from numberList). */
export const numbersBlock = z.object({
  type: z.literal('numbers'),
  title: z.string(),
  pattern: z.union([z.literal(''), patternTag]),
  /** An operator type, the featured numbers (-99), or empty for all. */
  operator: z.union([z.literal(''), z.literal(FEATURED_OPERATOR), z.enum(['1', '2', '3', '4'])]),
  limit: z.number().int().min(1).max(20),
});
/** General goods on sale of the promoter's storefront (fetched by the app from goodsList): one category, or all (0). */
export const goodsBlock = z.object({
  type: z.literal('goods'),
  title: z.string(),
  categoryId: z.number().int().min(0),
  limit: z.number().int().min(1).max(20),
});
export const buttonBlock = z.object({ type: z.literal('button'), key: z.string(), text: z.string(), link });

export const singlePageBlock = z.discriminatedUnion('type', [bannerBlock, textBlock, numbersBlock, goodsBlock, buttonBlock]);
export type SinglePageBlock = z.infer<typeof singlePageBlock>;

/** A popup shown once when the page opens (until the visitor closes it: singlePopupPrevent). */
export const singlePagePopup = z.object({
  switch: z.boolean(),
  title: z.string(),
  content: z.string(),
  buttonText: z.string(),
  link,
});
export type SinglePagePopup = z.infer<typeof singlePagePopup>;

export const singlePageQuery = z.object({
  pageCode: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .regex(/^[\w-]+$/),
  promoCode: z.string().max(64).optional(),
});

export const singlePageInfo = z.object({
  pageCode: z.string(),
  promoCode: z.string(),
  title: z.string(),
  blocks: z.array(singlePageBlock),
  popup: singlePagePopup,
  updatedAt: z.number().int(),
});
export type SinglePageInfo = z.infer<typeof singlePageInfo>;
