import { z } from 'zod';
import { adminOrder, adminOrderQuery } from './admin.ts';
import { msg } from './messages.ts';

/**
 * The operator console's order actions and reports: cancelling (and refunding) a storefront
 * order, the CSV export of an order list, the reconciliation of payments against orders, and the
 * dashboard's figures. Amounts in fen, times in epoch ms; days are China days (UTC+8).
 */

// ── Cancel ────────────────────────────────────────────────────────────────────────────────

/** POST /api/admin/orders/cancel: an unpaid order is cancelled; a paid, unshipped one is refunded in full (idempotent); audited. */
export const cancelOrderBody = z.object({
  orderNo: z.string().min(1).max(40),
  reason: z.string().trim().min(1, msg('validation.required')).max(100),
});
export type CancelOrderBody = z.infer<typeof cancelOrderBody>;

export const orderRefund = z.object({
  refundNo: z.string(),
  amount: z.number().int(),
  /** pending until the payment provider confirms; failed when it refused (the order stays paid). */
  state: z.enum(['pending', 'succeeded', 'failed']),
});
export const cancelledOrder = adminOrder.extend({ refund: orderRefund.nullable() });
export type CancelledOrder = z.infer<typeof cancelledOrder>;

// ── CSV export ────────────────────────────────────────────────────────────────────────────

/** GET /api/admin/orders/export: every order of the list's filter, as CSV (UTF-8 with a BOM, for Excel). */
export const orderExportQuery = adminOrderQuery.omit({ page: true, pageSize: true });
export type OrderExportQuery = z.infer<typeof orderExportQuery>;

// ── Reconciliation ────────────────────────────────────────────────────────────────────────

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, msg('validation.format'));
/** Longest reconciliation range, in days. */
export const MAX_REPORT_DAYS = 92;

/** GET /api/admin/reports/reconciliation (owners): payments against storefront orders, China days `from`..`to` inclusive. */
export const reconciliationQuery = z.object({ from: day, to: day });
export type ReconciliationQuery = z.infer<typeof reconciliationQuery>;

export const RECONCILIATION_ISSUES = ['paidNoOrder', 'orderNoPayment', 'amountMismatch'] as const;
export const reconciliationIssue = z.object({
  /** paidNoOrder: paid at the provider, the order not paid by it; orderNoPayment: the order is paid, no paid payment; amountMismatch: the two amounts differ. */
  issue: z.enum(RECONCILIATION_ISSUES),
  orderNo: z.string(),
  paymentNo: z.string(),
  method: z.string(),
  orderStatus: z.string(),
  orderAmount: z.number().int().nullable(),
  paymentAmount: z.number().int().nullable(),
  /** What the provider has given back of the payment. */
  refunded: z.number().int(),
  at: z.number().int().nullable(),
});
export type ReconciliationIssue = z.infer<typeof reconciliationIssue>;

export const reconciliationRefund = z.object({
  refundNo: z.string(),
  paymentNo: z.string(),
  orderNo: z.string(),
  method: z.string(),
  amount: z.number().int(),
  reason: z.string(),
  state: z.string(),
  createdAt: z.number().int(),
  settledAt: z.number().int().nullable(),
});
export type ReconciliationRefund = z.infer<typeof reconciliationRefund>;

export const reconciliationReport = z.object({
  from: z.number().int(),
  to: z.number().int(),
  totals: z.object({
    /** Payments paid in the range: how many, and their sum. */
    payments: z.number().int(),
    paymentAmount: z.number().int(),
    /** Orders paid in the range. */
    orders: z.number().int(),
    orderAmount: z.number().int(),
    /** Refunds asked for in the range that succeeded, and those still pending. */
    refunded: z.number().int(),
    refundPending: z.number().int(),
    /** paymentAmount - refunded. */
    net: z.number().int(),
    issues: z.number().int(),
  }),
  issues: z.array(reconciliationIssue),
  refunds: z.array(reconciliationRefund),
});
export type ReconciliationReport = z.infer<typeof reconciliationReport>;

// ── Dashboard ─────────────────────────────────────────────────────────────────────────────

/** GET /api/admin/dashboard (owners and agents): the figures of the reach, or of one storefront in it. */
export const dashboardQuery = z.object({ promoterId: z.coerce.number().int().min(1).optional() });

const countAmount = z.object({ count: z.number().int(), amount: z.number().int() });
/** A figure today and over the last 30 days (today included). */
export const dashboardFigure = z.object({ today: countAmount, days30: countAmount });
export const dashboardDay = z.object({
  /** The China day's midnight. */
  day: z.number().int(),
  sales: z.number().int(),
  salesCount: z.number().int(),
  topUps: z.number().int(),
  packageSales: z.number().int(),
  signUps: z.number().int(),
  activations: z.number().int(),
});
export type DashboardDay = z.infer<typeof dashboardDay>;
export const dashboardPromoter = z.object({
  id: z.number().int(),
  promoCode: z.string(),
  name: z.string(),
  monthOrders: z.number().int(),
  monthAmount: z.number().int(),
  activeSims: z.number().int(),
});
export type DashboardPromoter = z.infer<typeof dashboardPromoter>;
export const dashboard = z.object({
  /** Today's China midnight. */
  today: z.number().int(),
  /** Paid storefront orders (numbers and goods) still paid, shipped or completed. */
  sales: dashboardFigure,
  /** Balance top-ups of the SIMs. */
  topUps: dashboardFigure,
  /** IoT packages bought. */
  packageSales: dashboardFigure,
  /** Accounts made by a WeChat or Alipay sign-in. */
  signUps: dashboardFigure,
  /** SIMs activated. */
  activations: dashboardFigure,
  /** SIMs active now. */
  activeSims: z.number().int(),
  /** The last 30 days, oldest first, every day present. */
  days: z.array(dashboardDay),
  /** Each storefront of the reach: its last 30 days' sales and its active SIMs. */
  promoters: z.array(dashboardPromoter),
});
export type Dashboard = z.infer<typeof dashboard>;
