import { z } from 'zod';
import { triText, triView } from './admin-catalogue.ts';
import { page, pageQuery } from './envelope.ts';
import { msg } from './messages.ts';
import { fen } from './money.ts';

/**
 * Top-up offers and package coupons of IoT cards in the operator console (owners: every
 * storefront; agents: their own and their direct downstream; staff: none). Money in fen(), times
 * epoch ms.
 */

// ── Top-up offers ─────────────────────────────────────────────────────────────────────────

export const TOPUP_OFFER_KINDS = ['balance', 'coupon'] as const;

/** GET /api/admin/topupOffers?promoterId: a storefront's offers, enabled or not, in their order. */
export const adminTopupOfferQuery = z.object({ promoterId: z.coerce.number().int().min(1) });
export const adminTopupOffer = z.object({
  id: z.number().int(),
  promoterId: z.number().int(),
  /** A balance top-up, or a coupon-coin top-up. */
  kind: z.enum(TOPUP_OFFER_KINDS),
  /** What the card pays. */
  payAmount: z.number().int(),
  /** Given on top: balance (fen) and coupon coins. */
  bonusBalance: z.number().int(),
  bonusCoin: z.number().int(),
  /** Title and tag in the three languages ("推荐" as the stored tag marks the offer chosen in advance). */
  title: triView,
  tag: triView,
  /** Shown from / until (null: no bound). */
  startsAt: z.number().int().nullable(),
  endsAt: z.number().int().nullable(),
  sort: z.number().int(),
  enabled: z.boolean(),
});
export type AdminTopupOffer = z.infer<typeof adminTopupOffer>;
export const adminTopupOfferList = z.object({ list: z.array(adminTopupOffer) });
export type AdminTopupOfferList = z.infer<typeof adminTopupOfferList>;

/** POST /api/admin/topupOffers/save: a new offer of a storefront (no id) or an edit; audited. */
export const saveTopupOfferBody = z
  .object({
    id: z.number().int().min(1).optional(),
    promoterId: z.number().int().min(1),
    kind: z.enum(TOPUP_OFFER_KINDS),
    payAmount: fen(1),
    bonusBalance: fen().default(0),
    bonusCoin: fen().default(0),
    title: triText(60),
    tag: z
      .object({ 'zh-Hans': z.string().trim().max(10), en: z.string().trim().max(20), 'zh-Hant': z.string().trim().max(10) })
      .default({ 'zh-Hans': '', en: '', 'zh-Hant': '' }),
    startsAt: z.number().int().min(0).nullable().default(null),
    endsAt: z.number().int().min(0).nullable().default(null),
    sort: z.number().int().min(0).max(9999).default(0),
    enabled: z.boolean().default(true),
  })
  .refine((b) => b.startsAt === null || b.endsAt === null || b.endsAt > b.startsAt, {
    path: ['endsAt'],
    message: msg('catalogue.endAfterStart'),
  });
export type SaveTopupOfferBody = z.input<typeof saveTopupOfferBody>;

/** POST /api/admin/topupOffers/enable: offers an offer again, or stops offering it (orders placed keep it); audited. */
export const topupOfferEnableBody = z.object({ id: z.number().int().min(1), enabled: z.boolean() });

// ── Package coupons ───────────────────────────────────────────────────────────────────────

/** Cards in one grant at most. */
export const MAX_COUPON_GRANT_CARDS = 1000;

/**
 * POST /api/admin/coupons/grant/preview and /commit: a coupon (money off one package paid from the
 * balance, from a minimum price, until it expires) for each card listed by ICCID or SIM number,
 * one a line (commas and spaces also separate). The commit gives it to the lines without a
 * problem; the same grantKey answers the same grant once.
 */
export const couponGrantBody = z.object({
  cards: z.string().trim().min(1, msg('validation.required')).max(60_000),
  amount: fen(1),
  minSpend: fen().default(0),
  expiresAt: z.number().int().min(1),
});
export type CouponGrantBody = z.input<typeof couponGrantBody>;
export const couponGrantCommitBody = couponGrantBody.extend({
  grantKey: z.string().regex(/^[A-Za-z0-9_.:-]{8,64}$/, msg('validation.lettersDigits')),
});
export type CouponGrantCommitBody = z.input<typeof couponGrantCommitBody>;

export const couponGrantLine = z.object({
  line: z.number().int(),
  /** What was written on the line. */
  value: z.string(),
  simId: z.number().int().nullable(),
  simNo: z.string(),
  iccid: z.string(),
  promoCode: z.string(),
  /** What is wrong with the line, in the operator's language; null when the card gets the coupon. */
  error: z.string().nullable(),
});
export type CouponGrantLine = z.infer<typeof couponGrantLine>;
export const couponGrantPreview = z.object({
  total: z.number().int(),
  valid: z.number().int(),
  invalid: z.number().int(),
  lines: z.array(couponGrantLine),
});
export type CouponGrantPreview = z.infer<typeof couponGrantPreview>;
export const couponGrantResult = z.object({
  /** The grant's reference, the coupons' source. */
  sourceNo: z.string(),
  granted: z.number().int(),
  skipped: z.number().int(),
  errors: z.array(couponGrantLine),
});
export type CouponGrantResult = z.infer<typeof couponGrantResult>;

export const COUPON_STATES = ['unused', 'used', 'expired'] as const;

/** GET /api/admin/coupons: the coupons of a storefront's cards, or of one card (ICCID or SIM number); newest first. */
export const adminCouponQuery = pageQuery.extend({
  promoterId: z.coerce.number().int().min(1).optional(),
  card: z.string().trim().max(40).optional(),
  state: z.union([z.literal(''), z.enum(COUPON_STATES)]).optional(),
});
export type AdminCouponQuery = z.infer<typeof adminCouponQuery>;
export const adminCoupon = z.object({
  id: z.number().int(),
  simId: z.number().int(),
  simNo: z.string(),
  iccid: z.string(),
  promoCode: z.string(),
  amount: z.number().int(),
  minSpend: z.number().int(),
  expiresAt: z.number().int(),
  state: z.enum(COUPON_STATES),
  /** The purchase that used it; empty while unused. */
  orderNo: z.string(),
  /** Where it came from: a console grant (`grant:…`) or an exchange of points. */
  sourceNo: z.string(),
  createdAt: z.number().int(),
});
export type AdminCoupon = z.infer<typeof adminCoupon>;
export const adminCouponPage = page(adminCoupon);
export type AdminCouponPage = z.infer<typeof adminCouponPage>;

/** POST /api/admin/coupons/revoke: takes back a coupon not used yet (the card no longer has it); audited. */
export const couponRevokeBody = z.object({ id: z.number().int().min(1) });
export const couponRevokeReply = z.object({ id: z.number().int() });
