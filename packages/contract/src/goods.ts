import { z } from 'zod';
import { mobile } from './auth.ts';
import { msg } from './messages.ts';

/**
 * General goods of a storefront (spec §2 /pages/goods/index and /pages/goods/general/index, §7
 * goodsList): SIM bundles, devices and accessories, each with its specs (SKUs) that carry their own
 * price and stock. Money is integer fen.
 */

export const GOODS_KINDS = ['sim_bundle', 'device', 'accessory'] as const;
export const goodsKind = z.enum(GOODS_KINDS);
export type GoodsKind = z.infer<typeof goodsKind>;

export const goodsCategory = z.object({ id: z.number().int(), name: z.string() });
export type GoodsCategory = z.infer<typeof goodsCategory>;

export const goodsSku = z.object({
  id: z.number().int(),
  name: z.string(),
  /** What a shopper of this storefront pays for one, fen. */
  price: z.number().int(),
  /** The crossed-out list price, fen; 0 when there is none. */
  originalPrice: z.number().int(),
  /** Units left to sell. */
  stock: z.number().int(),
});
export type GoodsSku = z.infer<typeof goodsSku>;

export const goodsItem = z.object({
  id: z.number().int(),
  kind: goodsKind,
  categoryId: z.number().int(),
  name: z.string(),
  summary: z.string(),
  /** The first image; the detail's `images` holds them all. */
  image: z.string(),
  /** Lowest SKU price, fen. */
  price: z.number().int(),
  originalPrice: z.number().int(),
  /** Units left over every SKU. */
  stock: z.number().int(),
  soldOut: z.boolean(),
  sold: z.number().int(),
});
export type GoodsItem = z.infer<typeof goodsItem>;

/** GET /api/shop/goodsList: the storefront's goods on sale, optionally of one category, paged. */
export const goodsListQuery = z.object({
  promoCode: z.string().max(64).optional(),
  categoryId: z.union([z.literal(''), z.coerce.number().int().positive()]).optional(),
  page: z.coerce.number().int().min(1).max(1000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(10),
});
export const goodsListReply = z.object({
  categories: z.array(goodsCategory),
  list: z.array(goodsItem),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type GoodsListReply = z.infer<typeof goodsListReply>;

/** GET /api/shop/goodsDetail. */
export const goodsDetailQuery = z.object({
  promoCode: z.string().max(64).optional(),
  id: z.coerce.number().int().positive(),
});
export const goodsDetail = goodsItem.extend({
  categoryName: z.string(),
  images: z.array(z.string()),
  /** Plain text, paragraphs separated by blank lines. */
  description: z.string(),
  skus: z.array(goodsSku),
  /** Shown once per session when the good is opened (spec §3 goodsShowedPopup); null when none. */
  popup: z.object({ title: z.string(), content: z.string() }).nullable(),
  /** Most units one order may take. */
  maxQuantity: z.number().int(),
});
export type GoodsDetail = z.infer<typeof goodsDetail>;

/** Most units of one spec in one order. */
export const MAX_GOODS_QUANTITY = 5;

const divisionCode = z.string().regex(/^\d{6}$/, msg('validation.divisionCode'));

/** POST /api/shop/goodsOrder/create (header idempotency-key recommended): an order awaiting payment. */
export const createGoodsOrderBody = z.object({
  promoCode: z.string().max(64).optional(),
  skuId: z.number().int().positive(),
  quantity: z.number().int().min(1).max(MAX_GOODS_QUANTITY),
  buyerName: z
    .string()
    .trim()
    .min(2)
    .max(20)
    // letters, the middle dot of transliterated names (U+00B7), dots and spaces
    .regex(/^[\p{L}\u00b7. ]+$/u, msg('validation.lettersOnly')),
  contactMobile: mobile,
  address: z.object({
    province: divisionCode,
    city: divisionCode,
    county: divisionCode,
    detail: z.string().trim().min(4).max(120),
  }),
  /** The buyer accepted the transaction terms and the service promise. */
  agreed: z.literal(true, msg('validation.termsRequired')),
});
export type CreateGoodsOrderBody = z.input<typeof createGoodsOrderBody>;
