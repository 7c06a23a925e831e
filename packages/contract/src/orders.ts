import { z } from 'zod';
import { mobile } from './auth.ts';
import { fastNumberApplication } from './fast-number.ts';
import { msg } from './messages.ts';
import { numberPackage } from './numbers.ts';
import { ORDER_NO } from './order-no.ts';

/**
 * Vanity-number orders (spec §2 /pages/goods/pretty/*, /pages/order/*). An order belongs to the
 * logged-in mobile (its creator or its contact mobile) and, before login, to the browser's
 * `x-order-session-id` header. Money in fen; times in epoch ms.
 */

export const ORDER_STATUSES = [
  'awaiting_payment',
  'paid',
  'shipped',
  'completed',
  'cancelled',
  'refunded',
  // Fast-number applications (fast-number.ts) also use 'shipped'.
  'submitted',
  'reviewing',
  'approved',
  'rejected',
  'activated',
] as const;
export const orderStatus = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof orderStatus>;

const divisionCode = z.string().regex(/^\d{6}$/, msg('validation.divisionCode'));

/** POST /api/shop/order/create (header idempotency-key recommended). */
export const createOrderBody = z.object({
  promoCode: z.string().max(64).optional(),
  number: z.string().regex(/^1\d{10}$/, msg('validation.elevenDigits')),
  packageId: z.number().int().positive(),
  buyerName: z
    .string()
    .trim()
    .min(2)
    .max(20)
    // letters, the middle dot of transliterated names (U+00B7), dots and spaces
    .regex(/^[\p{L}\u00b7. ]+$/u, msg('validation.lettersOnly')),
  /** 18-character Chinese ID number (spec §5), checked with its ISO 7064 check character. */
  idNumber: z.string().trim().length(18, msg('validation.idNumberLength')),
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
export type CreateOrderBody = z.input<typeof createOrderBody>;

export const orderAddress = z.object({
  province: z.string(),
  city: z.string(),
  county: z.string(),
  /** Province, city and county names followed by the detail. */
  fullText: z.string(),
  detail: z.string(),
});

/** What was ordered: a vanity number, a general good (spec and quantity), or a new number applied for. */
export const ORDER_KINDS = ['number', 'goods', 'fastNumber'] as const;
export const orderKind = z.enum(ORDER_KINDS);
export type OrderKind = z.infer<typeof orderKind>;

/** The good of a goods order, as bought (names in the language of the data, prices in fen). */
export const orderedGoods = z.object({
  goodsId: z.number().int(),
  name: z.string(),
  specName: z.string(),
  image: z.string(),
  unitPrice: z.number().int(),
  quantity: z.number().int(),
});
export type OrderedGoods = z.infer<typeof orderedGoods>;

export const orderSummary = z.object({
  orderNo: z.string(),
  kind: orderKind,
  status: orderStatus,
  /** The good of a goods order; null for a number order (whose number fields are then set). */
  goods: orderedGoods.nullable(),
  /** The application of a fast-number order (operator and packageName are set too); null otherwise. */
  application: fastNumberApplication.nullable(),
  number: z.string(),
  operator: z.string(),
  operatorName: z.string(),
  packageName: z.string(),
  price: z.number().int(),
  prestored: z.number().int(),
  /** price + prestored, fen: what the buyer pays. */
  amount: z.number().int(),
  createdAt: z.number().int(),
  /** While awaiting payment: when the hold on the number ends and the order is cancelled. */
  holdUntil: z.number().int().nullable(),
});
export type OrderSummary = z.infer<typeof orderSummary>;

export const orderDetail = orderSummary.extend({
  buyerName: z.string(),
  /** Masked: first 3 and last 4 characters. */
  idNumberMasked: z.string(),
  contactMobile: z.string(),
  address: orderAddress,
  package: numberPackage.nullable(),
  paidAt: z.number().int().nullable(),
  shippedAt: z.number().int().nullable(),
  completedAt: z.number().int().nullable(),
  cancelledAt: z.number().int().nullable(),
  cancelReason: z.string(),
  refundedAt: z.number().int().nullable(),
  logistics: z.object({ company: z.string(), trackingNo: z.string() }).nullable(),
  canPay: z.boolean(),
  canCancel: z.boolean(),
  canReview: z.boolean(),
});
export type OrderDetail = z.infer<typeof orderDetail>;

export const orderNoQuery = z.object({ orderNo: z.string().regex(ORDER_NO, msg('validation.orderNo')) });
export const orderNoBody = orderNoQuery;

export const orderListQuery = z.object({
  /** One status, or empty for all. */
  status: z.union([z.literal(''), orderStatus]).optional(),
  page: z.coerce.number().int().min(1).max(1000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(10),
});

/**
 * A parcel's event as its reader sees it: a status code (shown in the reader's words), the place in
 * the reader's language, and the carrier's own words apart, with their language ('' when it wrote
 * none): a page shows them as the carrier's, never mixed into its own text.
 */
export const logisticsEvent = z.object({
  at: z.number().int(),
  status: z.enum(['collected', 'in_transit', 'arrived', 'out_for_delivery', 'delivered', 'problem', 'returned']),
  description: z.string(),
  descriptionLanguage: z.enum(['', 'en', 'zh-Hans', 'zh-Hant']),
  location: z.string(),
});
/** GET /api/shop/order/logistics: newest event first. */
export const orderLogistics = z.object({
  orderNo: z.string(),
  company: z.string(),
  companyCode: z.string(),
  trackingNo: z.string(),
  status: z.enum(['in_transit', 'delivered']),
  events: z.array(logisticsEvent),
});
export type OrderLogistics = z.infer<typeof orderLogistics>;

/** Reviews of a storefront (spec §2 /pages/goods/pretty/comment). */
export const reviewListQuery = z.object({
  promoCode: z.string().max(64).optional(),
  page: z.coerce.number().int().min(1).max(1000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(10),
});
export const review = z.object({
  id: z.number().int(),
  rating: z.number().int(),
  /** Masked buyer name, e.g. 张*. */
  name: z.string(),
  content: z.string(),
  /** Masked number bought, e.g. 138****8888. */
  number: z.string(),
  createdAt: z.number().int(),
});
export const reviewListReply = z.object({
  list: z.array(review),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Average rating of the storefront, one decimal; 0 without reviews. */
  average: z.number(),
});
export const createReviewBody = z.object({
  orderNo: z.string().regex(/^N\d{20}$/, msg('validation.orderNo')),
  rating: z.number().int().min(1).max(5),
  content: z.string().trim().min(2).max(140),
});
