/**
 * The points mall of a SIM holder (spec §2 integralShop, §7): goods bought with points, or points
 * and money through the cashier; delivery addresses; pick-up points; orders with their logistics.
 * Money is integer fen, points whole points, times epoch ms UTC.
 */
import { z } from 'zod';
import { mobile } from './auth.ts';
import { page, pageQuery } from './envelope.ts';
import { msg } from './messages.ts';
import { paymentView } from './payments.ts';

const fen = (what: string) => z.number().int().describe(`${what}, in integer fen`);
const id = z.coerce.number().int().positive();
const divisionCode = z.string().regex(/^\d{6}$/, msg('validation.divisionCode'));

export const DELIVERIES = ['express', 'pickup'] as const;
export const delivery = z.enum(DELIVERIES).describe('express: shipped to an address; pickup: collected at a pick-up point');
export type Delivery = z.infer<typeof delivery>;

/** A good of the mall as a card holder sees it. */
export const mallGoods = z.object({
  id: z.number().int(),
  categoryId: z.number().int(),
  name: z.string(),
  subtitle: z.string(),
  image: z.string().describe('cover image url'),
  points: z.number().int().describe('points per piece'),
  price: fen('money per piece on top of the points (0: points only)'),
  marketPrice: fen('value of the good, shown crossed out'),
  stock: z.number().int().describe('pieces left'),
  sold: z.number().int(),
  deliveries: z.array(delivery),
  tag: z.string().describe('short label such as "hot"; empty when none'),
});
export type MallGoods = z.infer<typeof mallGoods>;

export const mallCategory = z.object({ id: z.number().int(), name: z.string(), icon: z.string() });
export const mallBanner = z.object({ id: z.number().int(), image: z.string(), title: z.string(), goodsId: z.number().int().nullable() });

/** GET /api/iot/integralShopIndex */
export const integralShopIndexReply = z.object({
  integral: z.number().int().describe("the card's points"),
  banners: z.array(mallBanner),
  categories: z.array(mallCategory),
  goods: z.array(mallGoods),
});
export type IntegralShopIndexReply = z.infer<typeof integralShopIndexReply>;

export const goodsIdQuery = z.object({ goodsId: id });

/** GET /api/iot/integralShopGoodsDetails?goodsId= */
export const goodsDetailsReply = z.object({
  goods: mallGoods.extend({
    images: z.array(z.string()),
    details: z.array(z.string()).describe('description, one paragraph per line'),
    perCardLimit: z.number().int().describe('pieces a card may buy in all; 0: no limit'),
    bought: z.number().int().describe('pieces this card has bought (orders not cancelled)'),
  }),
  integral: z.number().int(),
  payMethods: z.array(z.object({ method: z.string(), name: z.string() })).describe('online methods for the money part'),
});
export type GoodsDetailsReply = z.infer<typeof goodsDetailsReply>;

/** A pick-up point (storePoint). */
export const mallStore = z.object({
  id: z.number().int(),
  name: z.string(),
  address: z.string().describe('province, city, county and street'),
  phone: z.string(),
  hours: z.string(),
});
export type MallStore = z.infer<typeof mallStore>;
export const goodsShopStoreReply = z.array(mallStore);

/** A delivery address of the card. */
export const simAddress = z.object({
  id: z.number().int(),
  name: z.string(),
  mobile: z.string(),
  province: z.string(),
  city: z.string(),
  county: z.string(),
  detail: z.string(),
  /** Province, city and county names, in the reader's language. */
  regionText: z.string(),
  /** Province, city and county names followed by the detail, in the reader's language. */
  fullText: z.string(),
  isDefault: z.boolean(),
});
export type SimAddress = z.infer<typeof simAddress>;
export const simAddressList = z.array(simAddress);

/** POST /api/iot/setSimAddress: a new address (no id) or a change of one. */
export const setSimAddressBody = z.object({
  id: z.number().int().positive().optional(),
  name: z
    .string()
    .trim()
    .min(2)
    .max(20)
    // letters, the middle dot of transliterated names (U+00B7), dots and spaces
    .regex(/^[\p{L}\u00b7. ]+$/u, msg('validation.lettersOnly')),
  mobile,
  province: divisionCode,
  city: divisionCode,
  county: divisionCode,
  detail: z.string().trim().min(4).max(120),
  isDefault: z.boolean().default(false),
});
export type SetSimAddressBody = z.input<typeof setSimAddressBody>;
export type SetSimAddressInput = z.output<typeof setSimAddressBody>;
export const addressIdBody = z.object({ id: z.number().int().positive() });

/** Most addresses a card keeps. */
export const MAX_ADDRESSES = 20;

/** POST /api/iot/buyShopGoods (header idempotency-key recommended). */
export const buyShopGoodsBody = z.object({
  goodsId: z.number().int().positive(),
  quantity: z.number().int().min(1).max(99).default(1),
  delivery: delivery.default('express'),
  addressId: z.number().int().positive().optional().describe('express: the address to ship to'),
  storeId: z.number().int().positive().optional().describe('pickup: the pick-up point'),
  payMethod: z
    .string()
    .min(1)
    .max(32)
    .optional()
    .describe('online method for the money part: its payment is opened at once; without one the order waits for repayShopOrder'),
  remark: z.string().trim().max(100).optional(),
});
export type BuyShopGoodsBody = z.input<typeof buyShopGoodsBody>;
export type BuyShopGoodsInput = z.output<typeof buyShopGoodsBody>;

/**
 * pending: points taken, waiting for the money part; paid: to be shipped (or collected);
 * shipped: on its way; completed: delivered or collected; cancelled: cancelled by the holder
 * (points and money returned); closed: the money part was not paid in time (points returned).
 */
export const SHOP_ORDER_STATUSES = ['pending', 'paid', 'shipped', 'completed', 'cancelled', 'closed'] as const;
export const shopOrderStatus = z.enum(SHOP_ORDER_STATUSES);
export type ShopOrderStatus = z.infer<typeof shopOrderStatus>;

/** A parcel's event: a status code, the place in the reader's language, the carrier's own words with their language (see orders.ts). */
export const logisticsEvent = z.object({
  at: z.number().int(),
  status: z.string(),
  description: z.string(),
  descriptionLanguage: z.enum(['', 'en', 'zh-Hans', 'zh-Hant']),
  location: z.string(),
});

export const shopOrderSummary = z.object({
  orderNo: z.string(),
  status: shopOrderStatus,
  goodsId: z.number().int(),
  goodsName: z.string(),
  goodsImage: z.string(),
  quantity: z.number().int(),
  points: z.number().int().describe('points of the order (all pieces)'),
  amount: fen('money of the order (all pieces)'),
  delivery,
  createdAt: z.number().int(),
  expiresAt: z.number().int().nullable().describe('pending: when it closes unpaid'),
});
export type ShopOrderSummary = z.infer<typeof shopOrderSummary>;

export const shopOrderDetails = shopOrderSummary.extend({
  address: z.object({ name: z.string(), mobile: z.string(), fullText: z.string() }).nullable().describe('express: where it is shipped'),
  store: mallStore.nullable().describe('pickup: where it is collected'),
  remark: z.string(),
  payMethod: z.string(),
  paidAt: z.number().int().nullable(),
  shippedAt: z.number().int().nullable(),
  completedAt: z.number().int().nullable(),
  cancelledAt: z.number().int().nullable(),
  refundedPoints: z.number().int().describe('points returned to the card'),
  refundedAmount: fen('money returned'),
  moneyRefundedAt: z.number().int().nullable().describe('when the payment provider confirmed the money refund'),
  logistics: z
    .object({
      company: z.string(),
      trackingNo: z.string(),
      status: z.enum(['in_transit', 'delivered']),
      /** Newest first. */
      events: z.array(logisticsEvent),
    })
    .nullable(),
  canCancel: z.boolean(),
  canPay: z.boolean(),
});
export type ShopOrderDetails = z.infer<typeof shopOrderDetails>;

/** buyShopGoods / repayShopOrder reply: the order; payment when the money part is to be paid (open payUrl). */
export const shopOrderReply = z.object({ order: shopOrderDetails, payment: paymentView.nullable() });
export type ShopOrderReply = z.infer<typeof shopOrderReply>;

export const shopOrderNo = z.string().regex(/^M\d{26}$/, msg('validation.mallOrderNo'));
export const shopOrderNoQuery = z.object({ orderNo: shopOrderNo });
export const shopOrderNoBody = z.object({ orderNo: shopOrderNo });
export const repayShopOrderBody = z.object({ orderNo: shopOrderNo, payMethod: z.string().min(1).max(32) });

/** GET /api/iot/shopOrderList */
export const shopOrderListQuery = pageQuery.extend({ status: shopOrderStatus.optional() });
export const shopOrderPage = page(shopOrderSummary);
