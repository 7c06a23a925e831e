/** How an IoT order is shown to the holder, and GET /api/iot/orderDetails. */
import type { IotOrderReply, IotOrderView } from '@simshop/contract/iot-money';
import { invalid } from '../../lib/errors.ts';
import { packageWindows } from '../iot-carrier/service.ts';
import { type MoneyDeps, ORDER_TYPE, type Trx } from './deps.ts';
import { findOrderOfCard, type OrderRow } from './order-store.ts';
import { provisionWaiting } from './provisioning.ts';

type Window = { starts_at: number; ends_at: number } | null;

export function orderView(o: OrderRow, sp: Window): IotOrderView {
  return {
    orderNo: o.order_no,
    kind: o.kind,
    status: o.status,
    title: o.title,
    amount: o.amount,
    payAmount: o.pay_amount,
    coinAmount: o.coin_amount,
    creditBalance: o.credit_balance,
    creditCoin: o.credit_coin,
    arrearsSettled: o.arrears_settled,
    payMethod: o.pay_method,
    effect: o.effect === 'now' || o.effect === 'next' ? o.effect : null,
    packageStartsAt: sp?.starts_at ?? null,
    packageEndsAt: sp?.ends_at ?? null,
    failReason: o.fail_reason,
    createdAt: o.created_at,
    paidAt: o.paid_at,
    effectiveAt: o.effective_at,
    refundedAt: o.refunded_at,
  };
}

/** The view of an order read from the database, with its package's window. */
export async function toOrderView(db: Trx, o: OrderRow): Promise<IotOrderView> {
  const windows = await packageWindows(db, o.sim_package_id === null ? [] : [o.sim_package_id]);
  return orderView(o, o.sim_package_id === null ? null : (windows.get(o.sim_package_id) ?? null));
}

/**
 * GET /api/iot/orderDetails: one of the card's orders. A pending payment is checked with its
 * provider first; a paid package still waiting for the carrier is given a try (bounded) first.
 */
export async function orderDetails(deps: MoneyDeps, simId: number, orderNo: string): Promise<IotOrderReply> {
  const { db } = deps.db;
  const first = await findOrderOfCard(db, simId, orderNo);
  if (!first) throw invalid('orderNo', 'iotOrders.noSuchOrder');
  if (first.status === 'pending') {
    for (const p of await deps.payments.pendingOf(ORDER_TYPE, first.id)) await deps.payments.reconcileOne(p);
  }
  const second = first.status === 'effective' ? first : ((await findOrderOfCard(db, simId, orderNo)) ?? first);
  if (second.status === 'paid' && second.kind === 'package') await provisionWaiting(deps, second.id);
  const o = second.status === 'paid' ? ((await findOrderOfCard(db, simId, orderNo)) ?? second) : second;
  const payment = o.pay_method === 'balance' ? null : await deps.payments.latestFor(ORDER_TYPE, o.id);
  return { order: await toOrderView(db, o), payment };
}
