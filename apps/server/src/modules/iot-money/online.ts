/** Orders paid online through the payment module: methods offered, the order row and its payment. */
import type { IotOrderReply } from '@simshop/contract/iot-money';
import type { FieldId } from '@simshop/contract/messages';
import type { PaymentView } from '@simshop/contract/payments';
import type { Insertable } from 'kysely';
import type { IotOrdersTable } from '../../db/schema-iot-money.ts';
import type { Shopper } from '../../lib/context.ts';
import { BizError, invalid } from '../../lib/errors.ts';
import { termOr } from '../../lib/messages.ts';
import { type MoneyDeps, newOrderNo, ORDER_TYPE, orderTtlMs, type Trx } from './deps.ts';
import { endPendingOrder } from './expiry.ts';
import { insertOrder, type OrderRow } from './order-store.ts';
import { toOrderView } from './views.ts';

function returnUrlFor(kind: OrderRow['kind'], orderNo: string): string {
  const page =
    kind === 'balance'
      ? 'pages/iot/index/balance/pay/index'
      : kind === 'coupon'
        ? 'pages/iot/index/couponChoose/pay/index'
        : 'pages/iot/index/orderLogs/index';
  return `/shop/#/${page}?orderNo=${orderNo}`;
}

/** Online methods a card's promoter offers, checked before an order is opened. */
async function onlineMethods(deps: MoneyDeps, promoCode: string) {
  const promoter = await deps.site.resolvePromoter(promoCode);
  return { allowed: promoter.config.showPaymentType, offered: deps.payments.methodsFor(promoter.config.showPaymentType) };
}

export async function payMethodsFor(deps: MoneyDeps, promoCode: string) {
  return (await onlineMethods(deps, promoCode)).offered;
}

export async function checkMethod(deps: MoneyDeps, promoCode: string, method: string, field: FieldId): Promise<string[]> {
  const { allowed, offered } = await onlineMethods(deps, promoCode);
  if (!offered.some((m) => m.method === method)) {
    throw invalid(field, 'money.methodNotOffered', {
      method: termOr('term.payMethod', method),
      methods: ['balance', ...offered.map((m) => m.method)].map((m) => termOr('term.payMethod', m)),
    });
  }
  return allowed;
}

export type OnlineOrderFields = Omit<
  Insertable<IotOrdersTable>,
  'order_no' | 'status' | 'sim_package_id' | 'expires_at' | 'paid_at' | 'effective_at' | 'refunded_at' | 'created_at' | 'updated_at'
>;

/** An order paid online: pending until its payment arrives, or until it expires. */
export function insertOnlineOrder(trx: Trx, deps: MoneyDeps, now: number, fields: OnlineOrderFields): Promise<OrderRow> {
  return insertOrder(trx, {
    ...fields,
    order_no: newOrderNo(now),
    sim_package_id: null,
    status: 'pending',
    expires_at: now + orderTtlMs(deps),
    paid_at: null,
    effective_at: null,
    refunded_at: null,
    created_at: now,
    updated_at: now,
  });
}

async function openPayment(
  deps: MoneyDeps,
  order: OrderRow,
  allowed: string[],
  shopper: Shopper,
  returnUrl?: string,
): Promise<PaymentView> {
  try {
    return await deps.payments.create({
      orderType: ORDER_TYPE,
      orderId: order.id,
      orderNo: order.order_no,
      amount: order.pay_amount,
      subject: order.title,
      method: order.pay_method,
      allowedMethods: allowed,
      returnUrl: returnUrl ?? returnUrlFor(order.kind, order.order_no),
      expiresAt: order.expires_at ?? deps.now() + orderTtlMs(deps),
      shopper,
    });
  } catch (err) {
    await endPendingOrder(deps, order, 'failed', err instanceof BizError ? err.message : 'payment could not be opened', deps.now());
    throw err;
  }
}

/**
 * Opens the payment of an order just placed (outside any transaction: the provider may be remote);
 * the cashier comes back to `returnUrl` (default: the order's result page in the app).
 */
export async function payOnline(
  deps: MoneyDeps,
  order: OrderRow,
  allowed: string[],
  shopper: Shopper,
  returnUrl?: string,
): Promise<IotOrderReply> {
  const payment = await openPayment(deps, order, allowed, shopper, returnUrl);
  return { order: await toOrderView(deps.db.db, order), payment };
}
