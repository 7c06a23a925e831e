/**
 * What the payment module calls for IoT orders, inside its own transaction: a payment arrived (the
 * order is applied, or its money is to be returned), or money went back (the order is undone).
 */
import type { Effect } from '@simshop/contract/iot-money';
import { BizError } from '../../lib/errors.ts';
import { addProvisioningPackage, applySync, closeSimPackage, livePackages, planSync, syncSimIn } from '../iot-carrier/service.ts';
import { applyLedgerTotals, type Card, lockCard } from '../iot-sims/service.ts';
import type { PaymentRow, RefundInfo } from '../payments/service.ts';
import { assertUsable } from './card.ts';
import { findPackage } from './catalogue.ts';
import { type MoneyDeps, ORDER_TYPE, type Trx, yuan } from './deps.ts';
import { insertEntries, postLocked } from './ledger.ts';
import { lockOrder, type OrderRow, setOrder } from './order-store.ts';
import { markProvisioning, queueProvisioning } from './provisioning.ts';
import { assertCanBuy, assertCardMayBuy, heldPackageRow, windowFor } from './purchase.ts';
import { partRefundsTaken, TOPUP_PART_REFUND } from './refunds.ts';
import { topupCredit } from './rules.ts';
import { settingsFor } from './settings.ts';
import { HOLDING, releaseStock, takeStock } from './stock.ts';

type PaidOutcome = 'applied' | { refund: string };

/**
 * A package paid online: the card's rules are checked again on the locked card, the coins are
 * taken, and the package waits for the carrier (provisioning.ts opens it after this commits).
 */
async function applyPackagePayment(trx: Trx, order: OrderRow, card: Card, p: PaymentRow, now: number): Promise<PaidOutcome> {
  const pkg = await findPackage(trx, order.package_id!);
  if (!pkg) throw new Error(`order ${order.order_no} has no package`);
  const effect = (order.effect as Effect | null) ?? 'now';
  const failOrder = async (reason: string): Promise<PaidOutcome> => {
    await setOrder(trx, order.id, {
      status: 'failed',
      fail_reason: reason,
      paid_at: p.paid_at ?? now,
      payment_no: p.payment_no,
      updated_at: now,
    });
    return { refund: reason };
  };
  // A pending order holds its unit of stock and was placed within the sale; one closed before its
  // payment arrived is judged again and has to take a unit again.
  const settings = await settingsFor(trx, card.promo_code);
  try {
    if (order.status === 'pending') await assertCardMayBuy(trx, card, pkg, settings);
    else await assertCanBuy(trx, card, pkg, effect, settings, now);
  } catch (err) {
    if (!(err instanceof BizError)) throw err;
    if (order.status === 'pending') await releaseStock(trx, pkg.id, now);
    return failOrder(err.message);
  }
  if (order.status === 'closed' && !(await takeStock(trx, pkg, now))) {
    return failOrder('the flash-sale package sold out before the payment arrived');
  }
  if (order.coin_amount > card.coupon_coin) {
    await releaseStock(trx, pkg.id, now);
    return failOrder('not enough coupon coins any more');
  }
  const { entries, totals } = postLocked(
    card,
    [{ account: 'coupon_coin', delta: -order.coin_amount, reason: 'package_purchase', orderNo: order.order_no }],
    now,
  );
  await insertEntries(trx, entries);
  await applyLedgerTotals(trx, card.id, totals, now);
  const window = await windowFor(trx, card.id, pkg, effect, now);
  const simPackageId = await addProvisioningPackage(trx, heldPackageRow(card.id, pkg, order.order_no, window, now));
  await setOrder(trx, order.id, {
    status: 'paid',
    sim_package_id: simPackageId,
    paid_at: p.paid_at ?? now,
    payment_no: p.payment_no,
    updated_at: now,
  });
  await queueProvisioning(trx, order, now, false);
  return 'applied';
}

/** A top-up paid: arrears are settled first, then the account and the offer's bonus are credited. */
async function applyTopup(trx: Trx, deps: MoneyDeps, order: OrderRow, card: Card, p: PaymentRow, now: number): Promise<PaidOutcome> {
  try {
    assertUsable(card);
  } catch (err) {
    if (!(err instanceof BizError)) throw err;
    await setOrder(trx, order.id, {
      status: 'failed',
      fail_reason: err.message,
      paid_at: p.paid_at ?? now,
      payment_no: p.payment_no,
      updated_at: now,
    });
    return { refund: err.message };
  }
  const account = order.kind === 'balance' ? 'balance' : 'coupon_coin';
  const bonusBalance = order.credit_balance - (order.kind === 'balance' ? order.amount : 0);
  const bonusCoin = order.credit_coin - (order.kind === 'coupon' ? order.amount : 0);
  const c = topupCredit(order.pay_amount, bonusBalance, bonusCoin, card.arrears_balance);
  const orderNo = order.order_no;
  // Arrears stop data: usage so far is accrued under them, and the card re-synchronised once paid.
  if (c.arrearsSettled > 0) await syncSimIn(trx, deps.db.dialect, deps.carrier, card.id, now);
  const remark = c.arrearsSettled > 0 ? `${yuan(c.arrearsSettled)} of ${yuan(order.pay_amount)} settled arrears first` : '';
  const { entries, totals } = postLocked(
    card,
    [
      { account: 'arrears', delta: -c.arrearsSettled, reason: 'arrears_settlement', orderNo },
      { account, delta: c.principal, reason: 'topup', orderNo, remark },
      { account: 'balance', delta: c.bonusBalance, reason: 'topup_bonus', orderNo },
      { account: 'coupon_coin', delta: c.bonusCoin, reason: 'topup_bonus', orderNo },
    ],
    now,
  );
  await insertEntries(trx, entries);
  await applyLedgerTotals(trx, card.id, { ...totals, recharge_times: card.recharge_times + 1 }, now);
  await setOrder(trx, order.id, {
    status: 'effective',
    paid_at: p.paid_at ?? now,
    effective_at: now,
    payment_no: p.payment_no,
    arrears_settled: c.arrearsSettled,
    credit_balance: (account === 'balance' ? c.principal : 0) + c.bonusBalance,
    credit_coin: (account === 'coupon_coin' ? c.principal : 0) + c.bonusCoin,
    updated_at: now,
  });
  if (c.arrearsSettled > 0) await syncSimIn(trx, deps.db.dialect, deps.carrier, card.id, now);
  return 'applied';
}

/**
 * Takes back from a card what a top-up credited, through the ledger: what the card no longer holds
 * (spent meanwhile) is owed as arrears (coins at 1 fen each), so the money is never lost.
 */
async function takeBack(
  trx: Trx,
  deps: MoneyDeps,
  order: OrderRow,
  take: { balance: number; coins: number; arrearsAgain: number },
  reason: string,
  remark: string,
  now: number,
): Promise<void> {
  const { dialect } = deps.db;
  await syncSimIn(trx, dialect, deps.carrier, order.sim_id, now);
  const card = await lockCard(trx, dialect, order.sim_id);
  const fromBalance = Math.min(card.balance, take.balance);
  const fromCoins = Math.min(card.coupon_coin, take.coins);
  const owed = take.arrearsAgain + (take.balance - fromBalance) + (take.coins - fromCoins);
  const orderNo = order.order_no;
  const { entries, totals } = postLocked(
    card,
    [
      { account: 'balance', delta: -fromBalance, reason, orderNo, remark },
      { account: 'coupon_coin', delta: -fromCoins, reason, orderNo, remark },
      { account: 'arrears', delta: owed, reason, orderNo, remark },
    ],
    now,
  );
  await insertEntries(trx, entries);
  const plan = await planSync(trx, deps.carrier, card, await livePackages(trx, card.id), now);
  await applySync(trx, plan, now, totals);
}

/**
 * A credited top-up whose payment went back in full: what it credited is taken back (less what
 * earlier part refunds took) and the arrears it settled are owed again.
 */
async function reverseTopup(trx: Trx, deps: MoneyDeps, order: OrderRow, now: number): Promise<void> {
  const earlier = await partRefundsTaken(trx, order);
  const onBalance = order.kind === 'balance' ? earlier : 0;
  const onCoins = order.kind === 'coupon' ? earlier : 0;
  await takeBack(
    trx,
    deps,
    order,
    {
      balance: Math.max(0, order.credit_balance - onBalance),
      coins: Math.max(0, order.credit_coin - onCoins),
      arrearsAgain: order.arrears_settled,
    },
    'topup_reversal',
    'payment refunded',
    now,
  );
}

/** A part of a credited top-up's payment went back: as much is taken from the account it credited. */
async function onPartRefunded(deps: MoneyDeps, trx: Trx, p: PaymentRow, refund: RefundInfo, now: number): Promise<void> {
  const order = await lockOrder(trx, deps.db.dialect, p.order_id);
  if (!order || order.payment_no !== p.payment_no || order.status !== 'effective' || order.kind === 'package') return;
  const take = {
    balance: order.kind === 'balance' ? refund.amount : 0,
    coins: order.kind === 'coupon' ? refund.amount : 0,
    arrearsAgain: 0,
  };
  await takeBack(trx, deps, order, take, TOPUP_PART_REFUND, refund.reason, now);
  deps.sims.forgetSimInfo(order.sim_id);
}

/**
 * A payment arrived for an IoT order (inside the payment's transaction). A pending or closed order
 * is applied; an order already paid, or one that can no longer be done, has its money returned.
 */
async function onPaid(deps: MoneyDeps, trx: Trx, p: PaymentRow, now: number): Promise<PaidOutcome> {
  const { dialect } = deps.db;
  const order = await lockOrder(trx, dialect, p.order_id);
  if (!order) return { refund: 'order not found' };
  if (order.pay_amount !== p.amount) return { refund: 'amount differs from the order' };
  if (order.status !== 'pending' && order.status !== 'closed') return { refund: 'the order was already paid' };
  const card = await lockCard(trx, dialect, order.sim_id);
  const outcome =
    order.kind === 'package' ? await applyPackagePayment(trx, order, card, p, now) : await applyTopup(trx, deps, order, card, p, now);
  deps.sims.forgetSimInfo(card.id);
  return outcome;
}

/** The money of an order went back: the order is undone (a package closed, a top-up's credit reversed) and refunded. */
async function onRefunded(deps: MoneyDeps, trx: Trx, p: PaymentRow, now: number): Promise<void> {
  const order = await lockOrder(trx, deps.db.dialect, p.order_id);
  if (!order || (order.payment_no !== '' && order.payment_no !== p.payment_no)) return;
  if (order.status === 'effective' && order.kind !== 'package') await reverseTopup(trx, deps, order, now);
  if (order.status === 'paid') await markProvisioning(trx, order.id, 'refused', 'payment refunded', now);
  if ((order.status === 'effective' || order.status === 'paid') && order.sim_package_id !== null) {
    await closeSimPackage(trx, order.sim_package_id, now, now);
  }
  if (HOLDING.includes(order.status)) await releaseStock(trx, order.package_id, now);
  await setOrder(trx, order.id, { status: 'refunded', refunded_at: now, updated_at: now });
  deps.sims.forgetSimInfo(order.sim_id);
}

export function registerIotOrderType(deps: MoneyDeps): void {
  deps.payments.registerOrderType(ORDER_TYPE, {
    onPaid: (trx, p, now) => onPaid(deps, trx, p, now),
    onRefunded: (trx, p, now) => onRefunded(deps, trx, p, now),
    onPartRefunded: (trx, p, refund, now) => onPartRefunded(deps, trx, p, refund, now),
  });
}
