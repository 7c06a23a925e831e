import { z } from 'zod';
import { msg } from './messages.ts';

/** A storefront promo code: the texts `undefined` and `null` count as empty (spec §4). */
export function normalisePromoCode(value: unknown): string {
  if (typeof value !== 'string') return '';
  const trimmed = value.trim();
  return trimmed === 'undefined' || trimmed === 'null' ? '' : trimmed;
}

export const carouselItem = z.object({
  image: z.string(),
  title: z.string(),
  /** An internal page path (starting with /pages) or an http link; empty for none. */
  link: z.string(),
});

export const fastNavItem = z.object({
  icon: z.string(),
  title: z.string(),
  link: z.string(),
});

/** Storefront presentation of a promoter (spec §3, "front"). */
export const front = z.object({
  title: z.string(),
  keywords: z.string(),
  description: z.string(),
  logo: z.string(),
  indexCarousel: z.array(carouselItem),
  bottomTips: z.string(),
  ipcCode: z.string(),
  kefuUrl: z.string(),
  kefuQr: z.string(),
  kefuMobile: z.string(),
  followQr: z.string(),
  shopTemplate: z.number().int(),
  fastNav: z.array(fastNavItem),
  suggest: z.boolean(),
  indexSearch: z.boolean(),
  indexFirstGroup: z.number().int(),
  showInviteRegister: z.number().int(),
});
export type Front = z.infer<typeof front>;

export const shopMenuItem = z.object({ key: z.string(), title: z.string(), link: z.string() });

export const baseConfig = z.object({
  front,
  promoCode: z.string(),
  promoName: z.string(),
  isAgent: z.boolean(),
  domain: z.string(),
  inviteCode: z.string(),
  douyinMpImId: z.string(),
  kuaishouMpImId: z.string(),
  /** Payment methods the cashier offers, in order, e.g. `sandbox`, `wechat`, `alipay`. */
  showPaymentType: z.array(z.string()),
  shopMenu: z.array(shopMenuItem),
});
export type BaseConfig = z.infer<typeof baseConfig>;

export const baseConfigQuery = z.object({ promoCode: z.string().max(64).optional() });

export const genericConfig = z.object({
  orderQueryMode: z.number().int(),
  loginAvatar: z.string(),
});
export type GenericConfig = z.infer<typeof genericConfig>;

export const siteConfig = z.object({
  name: z.string(),
  version: z.string(),
  versionCode: z.number().int(),
  darkMode: z.boolean(),
  languages: z.array(z.string()),
  orderHoldMinutes: z.number().int(),
});
export type SiteConfig = z.infer<typeof siteConfig>;

export const dictOption = z.object({
  label: z.string(),
  value: z.string(),
  key: z.string(),
  listClass: z.string(),
});
export type DictOption = z.infer<typeof dictOption>;

export const dictOptionsBody = z
  .array(
    z
      .string()
      .min(1)
      .max(64)
      .regex(/^[a-z0-9_]+$/, msg('validation.dictType')),
  )
  .min(1)
  .max(50);
export const dictOptionsReply = z.record(z.string(), z.array(dictOption));

/** A division of China: code and name (GET /provinces/{code}.json). */
export const division = z.object({ code: z.string(), name: z.string() });
export type Division = z.infer<typeof division>;

export const appDomainQuery = z.object({ packageName: z.string().min(1).max(128) });
export const appDomainReply = z.object({ domain: z.string() });
export const errorReportBody = z.object({
  platform: z.string().min(1).max(16),
  packageName: z.string().min(1).max(128),
  error: z.string().min(1).max(8000),
});
