import { z } from 'zod';
import { page, pageQuery } from './envelope.ts';
import { goodsKind } from './goods.ts';
import { packageKind } from './iot-money.ts';
import { msg } from './messages.ts';
import { fen } from './money.ts';

/**
 * General goods in the operator console (owners: every storefront; agents: their reach; staff:
 * none). Money in fen. Stock is changed against the stock the form was loaded with, so units that
 * orders take or give back meanwhile are never overwritten.
 */

export const GOODS_STATUSES = ['on_sale', 'off_sale'] as const;
export const goodsStatus = z.enum(GOODS_STATUSES);

/** GET /api/admin/goods. */
export const adminGoodsQuery = pageQuery.extend({
  promoterId: z.coerce.number().int().min(1).optional(),
  status: z.union([z.literal(''), goodsStatus]).optional(),
  keyword: z.string().max(40).optional(),
});
export type AdminGoodsQuery = z.infer<typeof adminGoodsQuery>;

export const adminSku = z.object({
  id: z.number().int(),
  name: z.string(),
  price: z.number().int(),
  originalPrice: z.number().int(),
  stock: z.number().int(),
  sold: z.number().int(),
  /** The name in the reader's language (its translation, else as stored). */
  label: z.string(),
});
export type AdminSku = z.infer<typeof adminSku>;

export const adminGoods = z.object({
  id: z.number().int(),
  promoterId: z.number().int(),
  promoCode: z.string(),
  categoryId: z.number().int(),
  categoryName: z.string(),
  kind: goodsKind,
  name: z.string(),
  summary: z.string(),
  description: z.string(),
  images: z.array(z.string()),
  status: goodsStatus,
  sort: z.number().int(),
  skus: z.array(adminSku),
  updatedAt: z.number().int(),
  /** Name and category in the reader's language (translations, else as stored); `name` and the form edit the stored text. */
  label: z.string(),
  categoryLabel: z.string(),
});
export type AdminGoods = z.infer<typeof adminGoods>;
export const adminGoodsPage = page(adminGoods);
export type AdminGoodsPage = z.infer<typeof adminGoodsPage>;

/** GET /api/admin/goods/categories?promoterId. */
export const adminCategoryQuery = z.object({ promoterId: z.coerce.number().int().min(1) });
export const adminCategory = z.object({ id: z.number().int(), promoterId: z.number().int(), name: z.string(), sort: z.number().int() });
export type AdminCategory = z.infer<typeof adminCategory>;
export const adminCategoryList = z.object({ list: z.array(adminCategory) });

/** POST /api/admin/goods/categories/save: a new category (no id) or a renamed one; audited. */
export const saveCategoryBody = z.object({
  id: z.number().int().min(1).optional(),
  promoterId: z.number().int().min(1),
  name: z.string().trim().min(1, msg('validation.required')).max(20),
  sort: z.number().int().min(0).max(9999).default(0),
});
export type SaveCategoryBody = z.input<typeof saveCategoryBody>;

export const saveSkuBody = z.object({
  /** An existing spec of the goods; none for a new one. */
  id: z.number().int().min(1).optional(),
  name: z.string().trim().min(1, msg('validation.required')).max(30),
  price: fen(1),
  originalPrice: fen().default(0),
  stock: z.number().int().min(0).max(1_000_000),
  /** An existing spec: the stock the form showed; the change is refused when orders moved it meanwhile. */
  expectedStock: z.number().int().min(0).optional(),
});
export type SaveSkuBody = z.input<typeof saveSkuBody>;

/** POST /api/admin/goods/save: new goods (no id) or an edit; specs listed are updated or added; audited. */
export const saveGoodsBody = z.object({
  id: z.number().int().min(1).optional(),
  promoterId: z.number().int().min(1),
  categoryId: z.number().int().min(1),
  kind: goodsKind,
  name: z.string().trim().min(1, msg('validation.required')).max(40),
  summary: z.string().trim().max(80).default(''),
  description: z.string().trim().max(2000).default(''),
  images: z.array(z.string().max(300)).max(9).default([]),
  status: goodsStatus.default('off_sale'),
  sort: z.number().int().min(0).max(9999).default(0),
  skus: z.array(saveSkuBody).min(1).max(20),
});
export type SaveGoodsBody = z.input<typeof saveGoodsBody>;

/** POST /api/admin/goods/status: on or off sale; audited. */
export const goodsStatusBody = z.object({ id: z.number().int().min(1), status: goodsStatus });

// ── IoT packages ──────────────────────────────────────────────────────────────────────────

/** A data text in the three languages: stored in Simplified Chinese, the others its translations (empty: as readers get it by default). */
export const triText = (max: number) =>
  z.object({
    'zh-Hans': z.string().trim().min(1, msg('validation.required')).max(max),
    en: z.string().trim().max(max),
    'zh-Hant': z.string().trim().max(max),
  });
export type TriText = { 'zh-Hans': string; en: string; 'zh-Hant': string };
/** A data text in the three languages as readers get it (answers). */
export const triView = z.object({ 'zh-Hans': z.string(), en: z.string(), 'zh-Hant': z.string() });

/** GET /api/admin/packages: the IoT packages of the storefronts within reach. */
export const adminPackageQuery = pageQuery.extend({ promoterId: z.coerce.number().int().min(1).optional() });
export const adminPackage = z.object({
  id: z.number().int(),
  promoterId: z.number().int(),
  promoCode: z.string(),
  /** 0 any operator, 1–4 one operator's cards. */
  operatorType: z.number().int(),
  kind: packageKind,
  name: z.string(),
  /** The name in the reader's language. */
  label: z.string(),
  /** The name in the three languages, as card holders read it. */
  names: triView,
  description: z.string(),
  flowMb: z.number().int(),
  unlimited: z.boolean(),
  price: z.number().int(),
  originalPrice: z.number().int(),
  duration: z.number().int(),
  /** 1 days, 2 months, 3 years. */
  durationUnit: z.number().int(),
  renewable: z.boolean(),
  couponDeductMax: z.number().int(),
  sort: z.number().int(),
  /** Orders per card at most (0: no limit). */
  perCardLimit: z.number().int(),
  /** Units on sale in all (null: no stock limit), units sold (held by pending, paid and effective orders), units left. */
  stock: z.number().int().nullable(),
  sold: z.number().int(),
  left: z.number().int().nullable(),
  isSeckill: z.boolean(),
  seckillStartsAt: z.number().int().nullable(),
  seckillEndsAt: z.number().int().nullable(),
  onSale: z.boolean(),
  updatedAt: z.number().int(),
});
export type AdminPackage = z.infer<typeof adminPackage>;
export const adminPackagePage = page(adminPackage);
export type AdminPackagePage = z.infer<typeof adminPackagePage>;

/**
 * POST /api/admin/packages/save: a new package of a storefront (no id) or an edit of every field.
 * `stock` is the units left for sale (null: no limit); an edit changes it only where it is still
 * `expectedStock`, what the form showed, so units sold meanwhile are never overwritten. A flash
 * sale needs its window and stock. Audited.
 */
export const savePackageBody = z
  .object({
    id: z.number().int().min(1).optional(),
    promoterId: z.number().int().min(1),
    kind: packageKind,
    operatorType: z.number().int().min(0).max(4).default(0),
    names: triText(60),
    description: z.string().trim().max(500).default(''),
    flowMb: z.number().int().min(0).max(100_000_000),
    unlimited: z.boolean().default(false),
    price: fen(1),
    originalPrice: fen().default(0),
    duration: z.number().int().min(1).max(9999),
    durationUnit: z.number().int().min(1).max(3),
    renewable: z.boolean().default(false),
    couponDeductMax: fen().default(0),
    sort: z.number().int().min(0).max(9999).default(0),
    perCardLimit: z.number().int().min(0).max(1000).default(0),
    stock: z.number().int().min(0).max(10_000_000).nullable().default(null),
    expectedStock: z.number().int().min(0).nullable().optional(),
    isSeckill: z.boolean().default(false),
    seckillStartsAt: z.number().int().min(0).nullable().default(null),
    seckillEndsAt: z.number().int().min(0).nullable().default(null),
    onSale: z.boolean(),
  })
  .refine((b) => !b.isSeckill || (b.seckillStartsAt !== null && b.seckillEndsAt !== null && b.seckillEndsAt > b.seckillStartsAt), {
    path: ['seckillEndsAt'],
    message: msg('catalogue.endAfterStart'),
  })
  .refine((b) => !b.isSeckill || b.stock !== null, { path: ['stock'], message: msg('catalogue.seckillStock') });
export type SavePackageBody = z.input<typeof savePackageBody>;
