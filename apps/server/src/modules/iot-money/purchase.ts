/**
 * Buying a package: the rules every paying call checks on the locked card, a purchase paid from the
 * balance (POST /api/iot/buyPackage and auto-renewal) and the choice between it and an online order.
 */
import { Code } from '@simshop/contract/codes';
import { BindPhoneMode, type DurationUnitValue, NumbAuth } from '@simshop/contract/iot';
import type { BuyPackageBody, Effect, IotOrderReply } from '@simshop/contract/iot-money';
import { LOW_BALANCE_FEN } from '@simshop/contract/webhooks';
import { BizError, invalid } from '../../lib/errors.ts';
import { idempotent, idempotentTx } from '../../lib/idempotency.ts';
import { termOr } from '../../lib/messages.ts';
import { metrics } from '../../lib/metrics.ts';
import { addProvisioningPackage, baseServiceEnd, holdsVolumePackage } from '../iot-carrier/service.ts';
import { applyLedgerTotals, type Card, cardById, lockCard } from '../iot-sims/service.ts';
import { assertUsable, realnameMissing } from './card.ts';
import { effectsOf, type PackageRow, unsellableReason } from './catalogue.ts';
import { takeCoupon } from './coupons.ts';
import { type Caller, type MoneyDeps, newOrderNo, type Trx, yuan } from './deps.ts';
import { insertEntries, postLocked } from './ledger.ts';
import { checkMethod, insertOnlineOrder, payOnline } from './online.ts';
import { findOrderOfCard, insertOrder, type OrderRow } from './order-store.ts';
import { checkPayPassword } from './pay-password.ts';
import { firstTryOf, type ProvisionTask, provisionFirst, queueProvisioning } from './provisioning.ts';
import { couponCoinsUsable, discountedPrice, packageWindow } from './rules.ts';
import type { Settings } from './settings.ts';
import { checkCardLimit, soldOut, takeStock } from './stock.ts';
import { orderView, toOrderView } from './views.ts';

/**
 * Every rule a card must meet to buy a package, checked on the card row locked by the paying
 * transaction (a row read before it may be stale by the time the money moves). Flash-sale stock is
 * not judged here: the conditional update that takes a unit decides.
 */
export async function assertCanBuy(trx: Trx, card: Card, pkg: PackageRow, effect: Effect, settings: Settings, now: number): Promise<void> {
  const refusal = unsellableReason({ ...pkg, stock: null }, card, now);
  if (refusal) throw invalid('packageId', refusal.message);
  if (!effectsOf(pkg).includes(effect)) {
    throw invalid('effect', 'packages.effectOnly', { effects: effectsOf(pkg).map((e) => termOr('term.effect', e)) });
  }
  await assertCardMayBuy(trx, card, pkg, settings);
}

/** The rules of the card itself (state, real-name, one volume package), also checked when an online payment arrives. */
export async function assertCardMayBuy(trx: Trx, card: Card, pkg: PackageRow, settings: Settings): Promise<void> {
  assertUsable(card);
  if (settings.realname_required === 1 && realnameMissing(card)) {
    throw new BizError(Code.REALNAME_REQUIRED, 'packages.realNameRequired');
  }
  // bindPhoneMode 2: a verified phone is bound before anything is bought.
  if (card.bind_phone_mode === BindPhoneMode.REQUIRED && (card.numb_auth !== NumbAuth.VERIFIED || !card.mobile)) {
    throw invalid('mobile', 'packages.bindPhoneFirst');
  }
  // A volume package being opened counts too: the card's own pointer only moves once it is open.
  if (pkg.kind === 'volume' && (card.volume_package_id !== null || (await holdsVolumePackage(trx, card.id)))) {
    throw invalid('packageId', 'packages.volumeInEffect');
  }
}

/** The card's copy of a bought package: a volume package starts empty and charges by use. */
export function heldPackageRow(simId: number, pkg: PackageRow, orderNo: string, w: { startsAt: number; endsAt: number }, now: number) {
  return {
    sim_id: simId,
    package_id: pkg.id,
    order_no: orderNo,
    name: pkg.name,
    kind: pkg.kind,
    flow_mb: pkg.kind === 'volume' ? 0 : pkg.flow_mb,
    unlimited: pkg.unlimited,
    g_price: pkg.g_price,
    price: pkg.price,
    duration: pkg.duration,
    duration_unit: pkg.duration_unit,
    starts_at: w.startsAt,
    ends_at: w.endsAt,
    created_at: now,
    updated_at: now,
  };
}

/** The window a package bought now would have on the card. */
export async function windowFor(trx: Trx, simId: number, pkg: PackageRow, effect: Effect, now: number) {
  const currentEnd = effect === 'next' ? await baseServiceEnd(trx, simId, now) : null;
  return packageWindow(effect, pkg.duration, pkg.duration_unit as DurationUnitValue, currentEnd, now);
}

export interface BalancePurchase {
  effect: Effect;
  useCouponCoin: boolean;
  source: 'holder' | 'renewal';
  /** A package coupon of the card, taken first: its money off comes before coupon coins and the balance. */
  couponId?: number;
  /** Percent of the price the card pays (its VIP's package discount; 100: full price), read on the locked card. */
  discount: number;
}

export interface Placed {
  order: OrderRow;
  window: { startsAt: number; endsAt: number };
  /** The first try at the carrier, to make once the transaction has committed. */
  task: ProvisionTask;
  /** The card's balance after the debit. */
  balanceAfter: number;
}

/**
 * The storefront id of a card's promo code, read before a transaction (null when it has none), from
 * the site's promoter cache that every shop request reads (cleared when a storefront changes), not
 * from the database on each purchase. An unknown code resolves to the default storefront: no match.
 */
export async function storefrontOfCard(deps: MoneyDeps, promoCode: string): Promise<number | null> {
  if (!deps.webhooks) return null;
  const promoter = await deps.site.resolvePromoter(promoCode);
  return promoter.promoCode === promoCode ? promoter.id : null;
}

/** Records `card.lowBalance` in the purchase's transaction when its debit took the balance from at least the threshold to below it. */
export async function emitLowBalance(
  deps: MoneyDeps,
  trx: Trx,
  promoterId: number | null,
  card: Card,
  after: number,
  now: number,
): Promise<void> {
  if (!deps.webhooks || promoterId === null || card.balance < LOW_BALANCE_FEN || after >= LOW_BALANCE_FEN) return;
  await deps.webhooks.emit(
    trx,
    { promoterId, type: 'card.lowBalance', data: { simNo: card.sim_no, balance: after, threshold: LOW_BALANCE_FEN } },
    now,
  );
}

/**
 * A purchase paid from the balance, in the caller's transaction on the card row it locked and
 * checked: stock, the debit (ledger entries and the card's totals in one update), the package
 * waiting for the carrier, the order (paid) and its provisioning row. No outside call here: the
 * carrier is asked after the commit (provisioning.ts). Few round trips: the hottest money path.
 */
export async function placeBalancePurchase(trx: Trx, card: Card, pkg: PackageRow, input: BalancePurchase, now: number): Promise<Placed> {
  const orderNo = newOrderNo(now);
  // A VIP's discount comes first, then a coupon's money off, then coupon coins, then the balance.
  const price = discountedPrice(pkg.price, input.discount);
  const off = input.couponId === undefined ? 0 : await takeCoupon(trx, card.id, input.couponId, orderNo, price, now);
  const coins = input.useCouponCoin ? couponCoinsUsable(card.coupon_coin, pkg.coupon_deduct_max, price - off) : 0;
  const payAmount = price - off - coins;
  if (payAmount > card.balance) {
    throw invalid('balance', 'money.balanceShort', { balance: yuan(card.balance), amount: yuan(payAmount) });
  }
  if (!(await takeStock(trx, pkg, now))) throw soldOut();
  await checkCardLimit(trx, pkg, card.id);
  const reason = input.source === 'renewal' ? 'package_renewal' : 'package_purchase';
  const window = await windowFor(trx, card.id, pkg, input.effect, now);
  const held = heldPackageRow(card.id, pkg, orderNo, window, now);
  const simPackageId = await addProvisioningPackage(trx, held);
  const { entries, totals } = postLocked(
    card,
    [
      { account: 'balance', delta: -payAmount, reason, orderNo },
      { account: 'coupon_coin', delta: -coins, reason, orderNo },
    ],
    now,
  );
  await insertEntries(trx, entries);
  await applyLedgerTotals(trx, card.id, totals, now);
  const order = await insertOrder(trx, {
    order_no: orderNo,
    sim_id: card.id,
    kind: 'package',
    source: input.source,
    package_id: pkg.id,
    offer_id: null,
    title: pkg.name,
    amount: price,
    pay_amount: payAmount,
    coin_amount: coins,
    pay_method: 'balance',
    effect: input.effect,
    status: 'paid',
    sim_package_id: simPackageId,
    expires_at: null,
    paid_at: now,
    effective_at: null,
    refunded_at: null,
    created_at: now,
    updated_at: now,
  });
  await queueProvisioning(trx, order, now, true);
  return {
    order,
    window,
    task: { orderId: order.id, orderNo, tries: 1, card, pkg: { ...held, id: simPackageId, unlimited: pkg.unlimited } },
    balanceAfter: totals.balance ?? card.balance,
  };
}

/** The reply of a purchase: the order as the carrier's first try left it (effective, refunded, or paid and opening). */
export async function afterCommit(deps: MoneyDeps, placed: Placed): Promise<{ order: OrderRow; window: Placed['window'] }> {
  const settled = await provisionFirst(deps, placed.task);
  return { order: settled ?? placed.order, window: placed.window };
}

/** POST /api/iot/buyPackage (`read`: the card as the session guard read it in this request, if it did) */
export async function buyPackage(deps: MoneyDeps, caller: Caller, body: BuyPackageBody, read?: Card): Promise<IotOrderReply> {
  const { db, dialect } = deps.db;
  const now = deps.now();
  // `read`: the card as read with the session in this request; every rule is checked again on the locked row.
  const [pkg, card] = await Promise.all([
    deps.cache.package(db, body.packageId),
    read?.id === caller.simId ? read : cardById(db, caller.simId),
  ]);
  if (!pkg) throw invalid('packageId', 'packages.noSuch');
  const coins = body.useCouponCoin ? couponCoinsUsable(card.coupon_coin, pkg.coupon_deduct_max, pkg.price) : 0;
  const byBalance = body.payMethod === 'balance' || pkg.price - coins === 0;
  if (body.couponId !== undefined && !byBalance) throw invalid('couponId', 'coupon.balanceOnly');
  // The pay password is checked before the idempotency key is claimed, so "41001, ask, retry with
  // the same key" works and a wrong entry is never stored as the answer of the key.
  if (byBalance && pkg.price - coins > 0 && card.pay_password_hash !== null) {
    await checkPayPassword(db, caller.simId, body.payPassword, now);
  }
  const { payPassword: _secret, ...request } = body;
  const settings = await deps.cache.settings(db, card.promo_code);
  const scope = `iot.buyPackage:${caller.simId}`;
  if (byBalance) {
    let placed: Placed | undefined;
    const storefront = await storefrontOfCard(deps, card.promo_code);
    const reply = await idempotentTx(
      db,
      scope,
      caller.idempotencyKey,
      request,
      async (trx): Promise<IotOrderReply> => {
        const locked = await lockCard(trx, dialect, caller.simId);
        await assertCanBuy(trx, locked, pkg, body.effect, settings, now);
        placed = await placeBalancePurchase(
          trx,
          locked,
          pkg,
          {
            effect: body.effect,
            useCouponCoin: body.useCouponCoin,
            source: 'holder',
            couponId: body.couponId,
            discount: await deps.sims.packageDiscount(trx, locked, now),
          },
          now,
        );
        await emitLowBalance(deps, trx, storefront, locked, placed.balanceAfter, now);
        return { order: orderView(placed.order, { starts_at: placed.window.startsAt, ends_at: placed.window.endsAt }), payment: null };
      },
      now,
    );
    deps.sims.forgetSimInfo(caller.simId);
    // Committed here (not a replay of an earlier request with the key): the carrier is asked now.
    if (placed && reply.order.orderNo === placed.order.order_no) {
      metrics.purchase('iot-package', 'balance');
      const { order, window } = await afterCommit(deps, placed);
      return { order: orderView(order, { starts_at: window.startsAt, ends_at: window.endsAt }), payment: null };
    }
    // A replay: the order as it stands now (the stored reply was written before the carrier answered),
    // once the first try of the request that placed it is over when it runs on this instance.
    const placedOrder = await findOrderOfCard(db, caller.simId, reply.order.orderNo);
    if (placedOrder?.status === 'paid') await firstTryOf(deps, placedOrder.id);
    const current = placedOrder?.status === 'paid' ? await findOrderOfCard(db, caller.simId, reply.order.orderNo) : placedOrder;
    return current ? { order: await toOrderView(db, current), payment: null } : reply;
  }
  return idempotent(db, scope, caller.idempotencyKey, request, async () => {
    const allowed = await checkMethod(deps, card.promo_code, body.payMethod, 'payMethod');
    // The rules are checked on the locked card, and the order takes its unit of stock in the same
    // transaction: an order that is accepted has its package waiting for it until it expires.
    const order = await db.transaction().execute(async (trx) => {
      const locked = await lockCard(trx, dialect, caller.simId);
      await assertCanBuy(trx, locked, pkg, body.effect, settings, now);
      if (!(await takeStock(trx, pkg, now))) throw soldOut();
      await checkCardLimit(trx, pkg, locked.id);
      const price = discountedPrice(pkg.price, await deps.sims.packageDiscount(trx, locked, now));
      const usable = body.useCouponCoin ? couponCoinsUsable(locked.coupon_coin, pkg.coupon_deduct_max, price) : 0;
      return insertOnlineOrder(trx, deps, now, {
        sim_id: locked.id,
        kind: 'package',
        package_id: pkg.id,
        offer_id: null,
        title: pkg.name,
        amount: price,
        pay_amount: price - usable,
        coin_amount: usable,
        pay_method: body.payMethod,
        effect: body.effect,
      });
    });
    metrics.purchase('iot-package', 'online');
    return payOnline(deps, order, allowed, caller.shopper);
  });
}
