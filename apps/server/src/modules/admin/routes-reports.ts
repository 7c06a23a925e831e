import { Readable } from 'node:stream';
import {
  type Dashboard,
  dashboard,
  dashboardQuery,
  MAX_REPORT_DAYS,
  orderExportQuery,
  type ReconciliationIssue,
  type ReconciliationReport,
  reconciliationQuery,
  reconciliationReport,
} from '@simshop/contract/admin-reports';
import { envelope } from '@simshop/contract/envelope';
import { CHINA_OFFSET_MS, DAY_MS, type DayFigure } from '../../lib/day-figures.ts';
import { ok } from '../../lib/envelope.ts';
import { invalid } from '../../lib/errors.ts';
import type { Language } from '../../lib/messages.ts';
import type { App } from '../../lib/route.ts';
import { textsFor } from '../i18n-texts/service.ts';
import * as money from '../iot-money/service.ts';
import * as sims from '../iot-sims/service.ts';
import * as oauth from '../oauth/service.ts';
import * as orders from '../orders/service.ts';
import { security, tags } from './routes.ts';
import type { OrdersConsoleDeps } from './routes-orders.ts';
import * as admin from './service.ts';

/** The storefront's order types in the payments module (numbers and goods). */
const STOREFRONT_ORDER_TYPES = ['number', 'goods'];

/** yyyy-MM-dd HH:mm:ss in China time. */
export function chinaTime(ms: number | null): string {
  if (ms === null) return '';
  return new Date(ms + CHINA_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}

/** A CSV cell: quoted when it holds a comma, quote or line break; text a spreadsheet would run as a formula is defused. */
export function csvCell(value: string | number): string {
  if (typeof value === 'number') return String(value);
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const HEADERS: Record<Language, string[]> = {
  en: ['Order no.', 'Kind', 'Storefront', 'Item', 'Amount (yuan)', 'Status', 'Buyer', 'Mobile', 'Address', 'Created', 'Paid', 'Shipped'],
  'zh-Hans': ['订单号', '类型', '店铺', '商品', '金额（元）', '状态', '收货人', '手机号', '地址', '下单时间', '支付时间', '发货时间'],
  'zh-Hant': ['訂單號', '類型', '店鋪', '商品', '金額（元）', '狀態', '收貨人', '手機號', '地址', '下單時間', '付款時間', '出貨時間'],
};
const KINDS: Record<Language, Record<string, string>> = {
  en: { number: 'Number', goods: 'Goods' },
  'zh-Hans': { number: '靓号', goods: '商品' },
  'zh-Hant': { number: '靚號', goods: '商品' },
};
const STATUSES: Record<Language, Record<string, string>> = {
  en: {
    awaiting_payment: 'Awaiting payment',
    paid: 'Paid',
    shipped: 'Shipped',
    completed: 'Completed',
    cancelled: 'Cancelled',
    refunded: 'Refunded',
  },
  'zh-Hans': {
    awaiting_payment: '待支付',
    paid: '已支付',
    shipped: '已发货',
    completed: '已完成',
    cancelled: '已取消',
    refunded: '已退款',
  },
  'zh-Hant': {
    awaiting_payment: '待付款',
    paid: '已付款',
    shipped: '已出貨',
    completed: '已完成',
    cancelled: '已取消',
    refunded: '已退款',
  },
};

const yuanOf = (fen: number) => `${fen < 0 ? '-' : ''}${Math.floor(Math.abs(fen) / 100)}.${String(Math.abs(fen) % 100).padStart(2, '0')}`;

/** A China day (yyyy-MM-dd) at its midnight, in epoch ms; NaN when it is no date. */
function chinaMidnight(day: string): number {
  const at = Date.parse(`${day}T00:00:00+08:00`);
  return Number.isNaN(at) || chinaTime(at).slice(0, 10) !== day ? Number.NaN : at;
}

/**
 * Matches the payments of storefront orders paid in [from, to) against the orders paid in it:
 * a payment whose order was not paid by it, an order paid without a paid payment, and amounts
 * that differ; with the refunds asked for in the range and the totals.
 */
export async function reconcile(deps: OrdersConsoleDeps, from: number, to: number): Promise<ReconciliationReport> {
  const [{ payments, refunds }, paidOrders] = await Promise.all([
    deps.payments.paidBetween(STOREFRONT_ORDER_TYPES, from, to),
    orders.paidOrdersBetween(deps, from, to),
  ]);
  const orderByNo = new Map(paidOrders.map((o) => [o.orderNo, o]));
  const otherOrders = [...new Set(payments.map((p) => p.order_no).filter((n) => !orderByNo.has(n)))];
  for (const o of await orders.paidOrdersByNos(deps, otherOrders)) orderByNo.set(o.orderNo, o);
  const paymentByNo = new Map(payments.map((p) => [p.payment_no, p]));
  const otherPayments = [...new Set(paidOrders.map((o) => o.paidPaymentNo).filter((n) => n !== '' && !paymentByNo.has(n)))];
  for (const p of await deps.payments.byNos(otherPayments)) paymentByNo.set(p.payment_no, p);

  const issues: ReconciliationIssue[] = [];
  const mismatched = new Set<string>();
  for (const p of payments) {
    const o = orderByNo.get(p.order_no);
    const base = {
      orderNo: p.order_no,
      paymentNo: p.payment_no,
      method: p.method,
      orderStatus: o?.status ?? '',
      orderAmount: o?.amount ?? null,
      paymentAmount: p.amount,
      refunded: Number(p.refund_settled),
      at: p.paid_at,
    };
    if (o?.paidPaymentNo !== p.payment_no) issues.push({ issue: 'paidNoOrder', ...base });
    else if (o.amount !== p.amount) {
      mismatched.add(p.payment_no);
      issues.push({ issue: 'amountMismatch', ...base });
    }
  }
  for (const o of paidOrders) {
    const p = o.paidPaymentNo === '' ? undefined : paymentByNo.get(o.paidPaymentNo);
    const base = {
      orderNo: o.orderNo,
      paymentNo: o.paidPaymentNo,
      method: p?.method ?? '',
      orderStatus: o.status,
      orderAmount: o.amount,
      paymentAmount: p?.amount ?? null,
      refunded: p ? Number(p.refund_settled) : 0,
      at: o.paidAt,
    };
    if (!p || (p.status !== 'paid' && p.status !== 'refunded') || p.order_no !== o.orderNo)
      issues.push({ issue: 'orderNoPayment', ...base });
    else if (p.amount !== o.amount && !mismatched.has(p.payment_no)) issues.push({ issue: 'amountMismatch', ...base });
  }
  issues.sort((a, b) => (a.at ?? 0) - (b.at ?? 0) || a.orderNo.localeCompare(b.orderNo));

  const sum = (xs: { amount: number }[]) => xs.reduce((n, x) => n + Number(x.amount), 0);
  const paymentAmount = sum(payments);
  const refunded = sum(refunds.filter((r) => r.state === 'succeeded'));
  return {
    from,
    to,
    totals: {
      payments: payments.length,
      paymentAmount,
      orders: paidOrders.length,
      orderAmount: sum(paidOrders),
      refunded,
      refundPending: sum(refunds.filter((r) => r.state === 'pending')),
      net: paymentAmount - refunded,
      issues: issues.length,
    },
    issues,
    refunds: refunds.map((r) => ({
      refundNo: r.refund_no,
      paymentNo: r.payment_no,
      orderNo: r.order_no,
      method: r.method,
      amount: Number(r.amount),
      reason: r.reason,
      state: r.state,
      createdAt: Number(r.created_at),
      settledAt: r.settled_at === null ? null : Number(r.settled_at),
    })),
  };
}

/** The console's order export and reports. */
export function adminReportRoutes(deps: OrdersConsoleDeps) {
  return async (app: App): Promise<void> => {
    app.get(
      '/api/admin/orders/export',
      {
        schema: {
          tags,
          security,
          summary:
            "Every order of the list's filter (within the operator's reach) as CSV: UTF-8 with a byte order mark so Excel reads it, headers in the operator's language, amounts in yuan, times in China time; streamed.",
          querystring: orderExportQuery,
        },
      },
      async (req, reply) => {
        const q = req.query;
        const reach = await admin.reachOf(deps, req.operator, 'orders');
        if (q.promoterId !== undefined && reach !== 'all' && !reach.includes(q.promoterId))
          throw invalid('promoterId', 'admin.noSuchObject');
        const filter = {
          reach,
          promoterId: q.promoterId,
          status: q.status || undefined,
          kind: q.kind || undefined,
          keyword: q.keyword?.trim() || undefined,
          sort: q.sort,
          order: q.order,
        };
        const language = req.ctx.language;
        const codes = new Map((await deps.site.allPromoters()).map((p) => [p.id, p.promoCode]));
        const line = (cells: (string | number)[]) => `${cells.map(csvCell).join(',')}\r\n`;
        async function* csv() {
          yield `\uFEFF${line(HEADERS[language])}`;
          for await (const batch of orders.operatorOrderBatches(deps, filter)) {
            yield batch
              .map((o) =>
                line([
                  o.orderNo,
                  KINDS[language][o.kind] ?? o.kind,
                  codes.get(o.promoterId) ?? '',
                  o.item,
                  yuanOf(o.amount),
                  STATUSES[language][o.status] ?? o.status,
                  o.buyerName,
                  o.contactMobile,
                  o.address,
                  chinaTime(o.createdAt),
                  chinaTime(o.paidAt),
                  chinaTime(o.shippedAt),
                ]),
              )
              .join('');
          }
        }
        const stamp = chinaTime(deps.now()).replace(/\D/g, '').slice(0, 12);
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="orders-${stamp}.csv"`)
          .header('cache-control', 'no-store')
          .send(Readable.from(csv()));
      },
    );
    app.get(
      '/api/admin/reports/reconciliation',
      {
        schema: {
          tags,
          security,
          summary:
            'Reconciliation (owners): payments of storefront orders against the orders, China days from..to inclusive (at most 92): paid at the provider but the order not paid, orders paid without a paid payment, amounts that differ, refunds, and the totals.',
          querystring: reconciliationQuery,
          response: { 200: envelope(reconciliationReport) },
        },
      },
      async (req) => {
        if (req.operator.role !== 'owner') throw admin.forbidden();
        const from = chinaMidnight(req.query.from);
        const last = chinaMidnight(req.query.to);
        if (Number.isNaN(from)) throw invalid('from', 'validation.format');
        if (Number.isNaN(last)) throw invalid('to', 'validation.format');
        if (last < from) throw invalid('to', 'reports.rangeReversed');
        if ((last - from) / DAY_MS + 1 > MAX_REPORT_DAYS) throw invalid('to', 'reports.rangeTooLong', { days: MAX_REPORT_DAYS });
        return ok(await reconcile(deps, from, last + DAY_MS));
      },
    );
  };
}

const sumOf = (days: DayFigure[], from: number) =>
  days.filter((d) => d.day >= from).reduce((s, d) => ({ count: s.count + d.count, amount: s.amount + d.amount }), { count: 0, amount: 0 });

/**
 * The dashboard's figures for the storefronts of a reach, each from the module that owns it:
 * storefront sales (orders), top-ups and package sales (IoT money), active SIMs and activations
 * (IoT SIMs), sign-ups (OAuth).
 */
export async function dashboardOf(deps: OrdersConsoleDeps, reach: number[] | 'all', language: Language): Promise<Dashboard> {
  const now = deps.now();
  const today = Math.floor((now + CHINA_OFFSET_MS) / DAY_MS) * DAY_MS - CHINA_OFFSET_MS;
  const from = today - 29 * DAY_MS;
  const to = today + DAY_MS;
  const all = await deps.site.allPromoters();
  const inReach = reach === 'all' ? all : all.filter((p) => reach.includes(p.id));
  const codes = reach === 'all' ? 'all' : inReach.map((p) => p.promoCode);
  const simIds = codes === 'all' ? 'all' : await sims.simIdsOf(deps.db, codes);
  const [sales, topUps, packageSales, signUps, activations, activeSims, perPromoter, activePer] = await Promise.all([
    orders.dailySales(deps, reach, from, to),
    money.dailyIotOrders(deps.db, 'balance', simIds, from, to),
    money.dailyIotOrders(deps.db, 'package', simIds, from, to),
    oauth.dailySignUps(deps.db, codes, from, to),
    sims.dailyActivations(deps.db, codes, from, to),
    sims.activeSimCount(deps.db, codes),
    orders.promoterSales(
      deps,
      inReach.map((p) => p.id),
    ),
    Promise.all(inReach.map((p) => sims.activeSimCount(deps.db, [p.promoCode]))),
  ]);
  const names = await textsFor(
    deps.db,
    language,
    'promoter',
    inReach.map((p) => p.id),
  );
  const figure = (days: DayFigure[]) => ({ today: sumOf(days, today), days30: sumOf(days, from) });
  const at = (days: DayFigure[], day: number) => days.find((d) => d.day === day);
  return {
    today,
    sales: figure(sales),
    topUps: figure(topUps),
    packageSales: figure(packageSales),
    signUps: figure(signUps),
    activations: figure(activations),
    activeSims,
    days: Array.from({ length: 30 }, (_, i) => {
      const day = from + i * DAY_MS;
      return {
        day,
        sales: at(sales, day)?.amount ?? 0,
        salesCount: at(sales, day)?.count ?? 0,
        topUps: at(topUps, day)?.amount ?? 0,
        packageSales: at(packageSales, day)?.amount ?? 0,
        signUps: at(signUps, day)?.count ?? 0,
        activations: at(activations, day)?.count ?? 0,
      };
    }),
    promoters: inReach
      .map((p, i) => ({
        id: p.id,
        promoCode: p.promoCode,
        name: names.text(p.id, 'name', p.name),
        monthOrders: perPromoter.get(p.id)?.monthOrders ?? 0,
        monthAmount: perPromoter.get(p.id)?.monthAmount ?? 0,
        activeSims: activePer[i] ?? 0,
      }))
      .sort((a, b) => b.monthAmount - a.monthAmount || a.id - b.id),
  };
}

/** The console's home: today's and the last 30 days' figures (owners: all or one storefront; agents: their reach or one storefront in it). */
export function adminDashboardRoutes(deps: OrdersConsoleDeps) {
  return async (app: App): Promise<void> => {
    app.get(
      '/api/admin/dashboard',
      {
        schema: {
          tags,
          security,
          summary:
            "The dashboard (owners and agents): today's and the last 30 China days' storefront sales, top-ups, package sales, sign-ups, activations and active SIMs, per day and per storefront of the reach.",
          querystring: dashboardQuery,
          response: { 200: envelope(dashboard) },
        },
      },
      async (req) => {
        if (req.operator.role === 'staff') throw admin.forbidden();
        const reach = await admin.reachOf(deps, req.operator, 'orders');
        const id = req.query.promoterId;
        if (id !== undefined && reach !== 'all' && !reach.includes(id)) throw invalid('promoterId', 'admin.noSuchObject');
        if (id !== undefined && !(await deps.site.promoterById(id))) throw invalid('promoterId', 'admin.noSuchObject');
        return ok(await dashboardOf(deps, id === undefined ? reach : [id], req.ctx.language));
      },
    );
  };
}
