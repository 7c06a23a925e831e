/** How an IoT order is shown to the holder, and GET /api/iot/orderDetails. */
import type { IotOrderReply, IotOrderView } from '@simshop/contract/iot-money';
import { invalid } from '../../lib/errors.ts';
import { type Language, type Param, render, yuan } from '../../lib/messages.ts';
import { textsFor } from '../i18n-texts/service.ts';
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

/**
 * Orders' titles in the reader's language: a package order is titled by its package's name when it
 * was bought, shown by the package's stored translation (the title as stored when it has none).
 */
export async function localTitles(db: Trx, views: { o: OrderRow; view: IotOrderView }[], language: Language): Promise<IotOrderView[]> {
  const packageIds = views.flatMap(({ o }) => (o.kind === 'package' && o.package_id !== null ? [o.package_id] : []));
  const texts = await textsFor(db, language, 'iot_package', packageIds);
  return views.map(({ o, view }) => {
    if (o.kind === 'package' && o.package_id !== null) return { ...view, title: texts.text(o.package_id, 'name', o.title) };
    if (o.kind === 'balance' || o.kind === 'coupon') return { ...view, title: topupTitle(o, language) };
    return view;
  });
}

/**
 * A top-up's title from what it credits: "Balance top-up ¥50.00 (plus ¥5.00)", 余额充值 ¥50.00（送¥5.00）,
 * 餘額儲值 ¥50.00（送¥5.00）. The bonus is what the order credits beyond the amount paid.
 */
export function topupTitle(o: Pick<OrderRow, 'kind' | 'pay_amount' | 'credit_balance' | 'credit_coin'>, language: Language): string {
  const bonusBalance = o.credit_balance - (o.kind === 'balance' ? o.pay_amount : 0);
  const bonusCoin = o.credit_coin - (o.kind === 'coupon' ? o.pay_amount : 0);
  const bonuses: Param[] = [
    ...(bonusBalance > 0 ? [yuan(bonusBalance)] : []),
    ...(bonusCoin > 0 ? [render('topup.bonus.coin', { count: bonusCoin }, language)] : []),
  ];
  const title = render(o.kind === 'coupon' ? 'topup.title.coupon' : 'topup.title.balance', { amount: yuan(o.pay_amount) }, language);
  return bonuses.length ? `${title}${render('topup.title.bonus', { bonus: bonuses }, language)}` : title;
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
export async function orderDetails(deps: MoneyDeps, simId: number, orderNo: string, language: Language): Promise<IotOrderReply> {
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
  const [order] = await localTitles(db, [{ o, view: await toOrderView(db, o) }], language);
  return { order: order!, payment };
}
