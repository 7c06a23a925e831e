import { z } from 'zod';
import { msg } from './messages.ts';
import { ORDER_NO } from './order-no.ts';

/**
 * The payment module shared by every order type (vanity numbers now; IoT packages, top-ups, VIP
 * and the points mall later). A payment belongs to one order of one type; money is integer fen.
 */

export const PAYMENT_STATUSES = ['pending', 'paid', 'closed', 'refunded'] as const;
export const paymentStatus = z.enum(PAYMENT_STATUSES);
export type PaymentStatus = z.infer<typeof paymentStatus>;

export const paymentMethodsQuery = z.object({ promoCode: z.string().max(64).optional() });
/** GET /api/shop/payment/methods: what the cashier offers (promoter's showPaymentType with a provider). */
export const paymentMethod = z.object({ method: z.string(), name: z.string() });
export const paymentMethods = z.array(paymentMethod);

/** POST /api/shop/order/pay (header idempotency-key recommended). */
export const payOrderBody = z.object({
  promoCode: z.string().max(64).optional(),
  orderNo: z.string().regex(ORDER_NO, msg('validation.orderNo')),
  method: z.string().min(1).max(32),
});

/**
 * WeChat Pay JSAPI (a payment opened inside WeChat for a shopper whose WeChat account the shop
 * knows): the signed parameters of WeixinJSBridge's `getBrandWCPayRequest`.
 */
export const wechatJsapi = z.object({
  appId: z.string(),
  timeStamp: z.string(),
  nonceStr: z.string(),
  package: z.string(),
  signType: z.literal('RSA'),
  paySign: z.string(),
});
export type WechatJsapi = z.infer<typeof wechatJsapi>;

/**
 * A payment as the app sees it; `payUrl` opens the provider's cashier. With `wechatJsapi` the app
 * opens WeChat's pay sheet with it instead, and `payUrl` is the page to return to.
 */
export const paymentView = z.object({
  paymentNo: z.string(),
  method: z.string(),
  status: paymentStatus,
  amount: z.number().int(),
  payUrl: z.string(),
  wechatJsapi: wechatJsapi.optional(),
  expiresAt: z.number().int(),
  paidAt: z.number().int().nullable(),
});
export type PaymentView = z.infer<typeof paymentView>;

/** GET /api/shop/order/payResult?orderNo= : the order's payment state (queries the provider while pending). */
export const payResult = z.object({
  orderNo: z.string(),
  orderStatus: z.string(),
  paid: z.boolean(),
  amount: z.number().int(),
  payment: paymentView.nullable(),
});
export type PayResult = z.infer<typeof payResult>;

/** GET /api/pay/status?paymentNo= */
export const paymentStatusQuery = z.object({ paymentNo: z.string().regex(/^P\d{20}$/, msg('validation.paymentNo')) });
