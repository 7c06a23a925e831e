/**
 * IoT orders: package purchases (paid from the balance, or online through the payment module) and
 * top-ups of balance and coupon coins (online). A paid purchase opens its package at the carrier in
 * the same transaction as its ledger entries, or is refunded where the money came from.
 */
import { Code } from '@simshop/contract/codes';
import type { DurationUnitValue } from '@simshop/contract/iot';
import type { BuyPackageBody, CreateTopupBody, Effect, IotOrderReply, IotOrderView } from '@simshop/contract/iot-money';
import type { FieldId } from '@simshop/contract/messages';
import type { PaymentView } from '@simshop/contract/payments';
import type { FastifyBaseLogger } from 'fastify';
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Config } from '../../config.ts';
import { forUpdate } from '../../db/dialect.ts';
import type { Db } from '../../db/kysely.ts';
import type { Database } from '../../db/schema.ts';
import type { IotSimsTable } from '../../db/schema-iot.ts';
import type { IotOrdersTable } from '../../db/schema-iot-money.ts';
import { BizError, fail, invalid } from '../../lib/errors.ts';
import { idempotent, idempotentTx } from '../../lib/idempotency.ts';
import type { Job } from '../../lib/jobs.ts';
import { termOr } from '../../lib/messages.ts';
import { orderNumber } from '../../lib/order-no.ts';
import { TtlCache } from '../../lib/ttl-cache.ts';
import type { CarrierProvider } from '../../providers/carrier/types.ts';
import type { SimLogin } from '../iot-auth/service.ts';
import type { PackageState } from '../iot-carrier/flow-math.ts';
import { applySync, livePackages, planSync, syncSimIn } from '../iot-carrier/service.ts';
import type { Sims } from '../iot-sims/service.ts';
import type { PaymentRow, Payments } from '../payments/service.ts';
import type { Site } from '../site/service.ts';
import { effectsOf, findPackage, type PackageRow, unsellableReason } from './catalogue.ts';
import { insertEntries, post, postLocked, postOrFail } from './ledger.ts';
import { checkPayPassword } from './pay-password.ts';
import { couponCoinsUsable, packageWindow, purchasePoints, topupCredit } from './rules.ts';

/** Order type of every IoT order in the payment module. */
export const ORDER_TYPE = 'iot';

export interface MoneyDeps {
  db: Db;
  carrier: CarrierProvider;
  payments: Payments;
  site: Site;
  sims: Sims;
  simLogin: SimLogin;
  config: Config;
  now: () => number;
  log: FastifyBaseLogger;
}

type Trx = Kysely<Database>;
export type Card = Selectable<IotSimsTable>;
export type OrderRow = Selectable<IotOrdersTable>;

/** I + China-time yyyyMMddHHmmss + 12 random digits. */
const newOrderNo = (now: number) => orderNumber('I', now, 12);

/** An unpaid online order (and the flash-sale unit it holds) lasts ORDER_HOLD_MINUTES, like a storefront order. */
const orderTtlMs = (deps: MoneyDeps) => deps.config.orderHoldMinutes * 60_000;

const yuan = (fen: number) => `¥${(fen / 100).toFixed(2)}`;

export function lockCard(trx: Trx, dialect: Db['dialect'], simId: number): Promise<Card> {
  return forUpdate(dialect, trx.selectFrom('iot_sims').selectAll().where('id', '=', simId)).executeTakeFirstOrThrow();
}

export function cardById(db: Kysely<Database>, simId: number): Promise<Card> {
  return db.selectFrom('iot_sims').selectAll().where('id', '=', simId).executeTakeFirstOrThrow();
}

export function assertUsable(card: Pick<Card, 'status' | 'cancel_status'>): void {
  if (card.cancel_status !== 0) throw fail('sim.cancelled');
  if (card.status !== 1) throw fail('sim.disabled');
}

export function realnameMissing(card: Pick<Card, 'auth_status' | 'platform_auth_required' | 'auth_platform_status'>): boolean {
  return card.auth_status !== 1 || (card.platform_auth_required === 1 && card.auth_platform_status !== 1);
}

export const DEFAULT_SETTINGS = {
  realname_required: 0,
  allow_custom_topup: 1,
  topup_min: 100,
  topup_max: 500_000,
  renew_ahead_ms: 86_400_000,
};

export async function settingsFor(db: Kysely<Database>, promoCode: string) {
  const row = await db.selectFrom('iot_money_settings').selectAll().where('promo_code', '=', promoCode).executeTakeFirst();
  return row ?? { promo_code: promoCode, ...DEFAULT_SETTINGS, updated_at: 0 };
}

type Settings = Awaited<ReturnType<typeof settingsFor>>;
// Read on every purchase, changed rarely: kept per instance for a few seconds (like promoters). A
// catalogue row is kept one second; its stock is always taken by a conditional update.
const settingsCaches = new WeakMap<object, TtlCache<string, Settings>>();
const packageCaches = new WeakMap<object, TtlCache<number, PackageRow>>();

async function cachedSettings(db: Kysely<Database>, promoCode: string, now: number): Promise<Settings> {
  let cache = settingsCaches.get(db);
  if (!cache) {
    cache = new TtlCache<string, Settings>(5_000, 1_000);
    settingsCaches.set(db, cache);
  }
  const hit = cache.get(promoCode, now);
  if (hit) return hit;
  const row = await settingsFor(db, promoCode);
  cache.set(promoCode, row, now);
  return row;
}

async function cachedPackage(db: Kysely<Database>, id: number, now: number): Promise<PackageRow | undefined> {
  let cache = packageCaches.get(db);
  if (!cache) {
    cache = new TtlCache<number, PackageRow>(1_000, 5_000);
    packageCaches.set(db, cache);
  }
  const hit = cache.get(id, now);
  if (hit) return hit;
  const row = await findPackage(db, id);
  if (row) cache.set(id, row, now);
  return row;
}

export async function toOrderView(db: Kysely<Database>, o: OrderRow): Promise<IotOrderView> {
  const sp =
    o.sim_package_id === null
      ? undefined
      : await db.selectFrom('iot_sim_packages').select(['starts_at', 'ends_at']).where('id', '=', o.sim_package_id).executeTakeFirst();
  return orderView(o, sp ?? null);
}

export function orderView(o: OrderRow, sp: { starts_at: number; ends_at: number } | null): IotOrderView {
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

async function setOrder(trx: Trx, id: number, change: Partial<Omit<OrderRow, 'id'>>): Promise<OrderRow> {
  return trx.updateTable('iot_orders').set(change).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

/** End of the base packages in effect or queued (when a "next" purchase starts), or null. */
async function baseServiceEnd(trx: Trx, simId: number, now: number): Promise<number | null> {
  const row = await trx
    .selectFrom('iot_sim_packages')
    .select((eb) => eb.fn.max<number>('ends_at').as('end'))
    .where('sim_id', '=', simId)
    .where('kind', '=', 'base')
    .where('status', 'in', ['active', 'pending'])
    .where('ends_at', '>', now)
    .executeTakeFirst();
  return row?.end === null || row?.end === undefined ? null : Number(row.end);
}

type Opened = { ok: true; simPackageId: number } | { ok: false; reason: string };

/**
 * Opens a paid package: usage so far is accrued under the old packages, the carrier opens the new
 * one, and the card's totals are recomputed with it, all in the caller's transaction.
 */
async function openPackage(
  trx: Trx,
  deps: MoneyDeps,
  card: Card,
  pkg: PackageRow,
  order: OrderRow,
  effect: Effect,
  now: number,
): Promise<Opened> {
  await syncSimIn(trx, deps.db.dialect, deps.carrier, card.id, now);
  const currentEnd = effect === 'next' ? await baseServiceEnd(trx, card.id, now) : null;
  const w = packageWindow(effect, pkg.duration, pkg.duration_unit as DurationUnitValue, currentEnd, now);
  const refused = await provision(deps, card, pkg, order.order_no, w, now);
  if (refused !== null) return { ok: false, reason: refused };
  const sp = await trx
    .insertInto('iot_sim_packages')
    .values(heldPackageRow(card.id, pkg, order.order_no, order.amount, w, now))
    .returning('id')
    .executeTakeFirstOrThrow();
  await syncSimIn(trx, deps.db.dialect, deps.carrier, card.id, now);
  return { ok: true, simPackageId: sp.id };
}

/** Takes one unit of a flash sale's stock; false when none is left. */
async function takeStock(trx: Trx, pkg: PackageRow, now: number): Promise<boolean> {
  if (pkg.stock === null) return true;
  const r = await trx
    .updateTable('iot_packages')
    .set((eb) => ({ sold: eb('sold', '+', 1), updated_at: now }))
    .where('id', '=', pkg.id)
    .where('sold', '<', pkg.stock)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/**
 * Gives back the unit of flash-sale stock an order held. An order of a package with stock holds one
 * unit while it is pending, paid or effective; each move out of those states releases it once
 * (the moves are made on the locked order row or by conditional updates).
 */
async function releaseStock(trx: Trx, packageId: number | null, now: number): Promise<void> {
  if (packageId === null) return;
  await trx
    .updateTable('iot_packages')
    .set((eb) => ({ sold: eb('sold', '-', 1), updated_at: now }))
    .where('id', '=', packageId)
    .where('stock', 'is not', null)
    .where('sold', '>', 0)
    .execute();
}

/** Order states in which an order holds its unit of flash-sale stock and counts towards a per-card limit. */
const HOLDING: OrderRow['status'][] = ['pending', 'paid', 'effective'];

async function countRecharge(trx: Trx, simId: number): Promise<void> {
  await trx
    .updateTable('iot_sims')
    .set((eb) => ({ recharge_times: eb('recharge_times', '+', 1) }))
    .where('id', '=', simId)
    .execute();
}

async function checkCardLimit(trx: Trx, pkg: PackageRow, simId: number): Promise<void> {
  if (pkg.per_card_limit <= 0) return;
  const row = await trx
    .selectFrom('iot_orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('package_id', '=', pkg.id)
    .where('sim_id', '=', simId)
    .where('status', 'in', HOLDING)
    .executeTakeFirstOrThrow();
  if (Number(row.n) >= pkg.per_card_limit) {
    throw invalid('packageId', 'packages.perCardLimit', { limit: pkg.per_card_limit });
  }
}

const soldOut = () => new BizError(Code.SOLD_OUT, 'packages.soldOut');

/**
 * Every rule a card must meet to buy a package, checked on the card row locked by the paying
 * transaction (a row read before it may be stale by the time the money moves). Flash-sale stock is
 * not judged here: the conditional update that takes a unit decides.
 */
export function assertCanBuy(card: Card, pkg: PackageRow, effect: Effect, settings: Settings, now: number): void {
  const refusal = unsellableReason({ ...pkg, stock: null }, card, now);
  if (refusal) throw invalid('packageId', refusal.message);
  if (!effectsOf(pkg).includes(effect)) {
    throw invalid('effect', 'packages.effectOnly', { effects: effectsOf(pkg).map((e) => termOr('term.effect', e)) });
  }
  assertCardMayBuy(card, pkg, settings);
}

/** The rules of the card itself (state, real-name, one volume package), also checked when an online payment arrives. */
function assertCardMayBuy(card: Card, pkg: PackageRow, settings: Settings): void {
  assertUsable(card);
  if (settings.realname_required === 1 && realnameMissing(card)) {
    throw new BizError(Code.REALNAME_REQUIRED, 'packages.realNameRequired');
  }
  if (pkg.kind === 'volume' && card.volume_package_id !== null) {
    throw invalid('packageId', 'packages.volumeInEffect');
  }
}

export interface BalancePurchase {
  effect: Effect;
  useCouponCoin: boolean;
  source: 'holder' | 'renewal';
}

export interface Purchased {
  order: OrderRow;
  window: { startsAt: number; endsAt: number } | null;
}

/**
 * A purchase paid from the balance, in the caller's transaction on the card row it locked: stock,
 * usage accrued to now, the carrier, the package, the ledger entries and the card's totals in one
 * update, then the order. A carrier refusal leaves a refunded order whose debit and refund entries
 * cancel out. Written to take few round trips: it is the hottest money path.
 */
export async function buyWithBalanceIn(
  trx: Trx,
  deps: MoneyDeps,
  card: Card,
  pkg: PackageRow,
  input: BalancePurchase,
  now: number,
): Promise<Purchased> {
  const coins = input.useCouponCoin ? couponCoinsUsable(card.coupon_coin, pkg.coupon_deduct_max, pkg.price) : 0;
  const payAmount = pkg.price - coins;
  if (payAmount > card.balance) {
    throw invalid('balance', 'money.balanceShort', { balance: yuan(card.balance), amount: yuan(payAmount) });
  }
  if (!(await takeStock(trx, pkg, now))) throw soldOut();
  await checkCardLimit(trx, pkg, card.id);
  const orderNo = newOrderNo(now);
  const reason = input.source === 'renewal' ? 'package_renewal' : 'package_purchase';
  const plan = await planSync(trx, deps.carrier, card, await livePackages(trx, card.id), now);
  const baseEnd = plan.packages
    .filter((p) => p.kind === 'base' && (p.status === 'active' || p.status === 'pending') && p.endsAt > now)
    .reduce<number | null>((end, p) => Math.max(end ?? 0, p.endsAt), null);
  const w = packageWindow(
    input.effect,
    pkg.duration,
    pkg.duration_unit as DurationUnitValue,
    input.effect === 'next' ? baseEnd : null,
    now,
  );
  const refused = await provision(deps, card, pkg, orderNo, w, now);
  const debits = [
    { account: 'balance' as const, delta: -payAmount, reason, orderNo },
    { account: 'coupon_coin' as const, delta: -coins, reason, orderNo },
  ];
  const order = {
    order_no: orderNo,
    sim_id: card.id,
    kind: 'package' as const,
    source: input.source,
    package_id: pkg.id,
    offer_id: null,
    title: pkg.name,
    amount: pkg.price,
    pay_amount: payAmount,
    coin_amount: coins,
    pay_method: 'balance',
    effect: input.effect,
    expires_at: null,
    paid_at: now,
    created_at: now,
    updated_at: now,
  };
  if (refused !== null) {
    const { entries } = postLocked(
      card,
      [...debits, ...debits.map((d) => ({ ...d, delta: -d.delta, reason: 'refund', remark: refused }))],
      now,
    );
    await insertEntries(trx, entries);
    await releaseStock(trx, pkg.id, now);
    await applySync(trx, deps.carrier, plan, now);
    const row = await trx
      .insertInto('iot_orders')
      .values({ ...order, status: 'refunded', fail_reason: refused, sim_package_id: null, effective_at: null, refunded_at: now })
      .returningAll()
      .executeTakeFirstOrThrow();
    return { order: row, window: null };
  }
  const sp = await trx
    .insertInto('iot_sim_packages')
    .values(heldPackageRow(card.id, pkg, orderNo, pkg.price, w, now))
    .returning('id')
    .executeTakeFirstOrThrow();
  const opened: PackageState = {
    id: sp.id,
    kind: pkg.kind,
    unlimited: pkg.unlimited === 1,
    flowMb: pkg.kind === 'volume' ? 0 : pkg.flow_mb,
    usedMb: 0,
    startsAt: w.startsAt,
    endsAt: w.endsAt,
    status: w.startsAt <= now ? 'active' : 'pending',
  };
  const points = purchasePoints(payAmount);
  const { entries, totals } = postLocked(
    card,
    [...debits, { account: 'integral', delta: points, reason: 'purchase_reward', orderNo }],
    now,
  );
  await insertEntries(trx, entries);
  await applySync(trx, deps.carrier, plan, now, { ...totals, recharge_times: card.recharge_times + 1 }, [...plan.packages, opened]);
  const row = await trx
    .insertInto('iot_orders')
    .values({ ...order, status: 'effective', sim_package_id: sp.id, effective_at: now, refunded_at: null })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { order: row, window: w };
}

/** The card's copy of a bought package: a volume package starts empty; one whose window has begun is active. */
function heldPackageRow(
  simId: number,
  pkg: PackageRow,
  orderNo: string,
  price: number,
  w: { startsAt: number; endsAt: number },
  now: number,
) {
  return {
    sim_id: simId,
    package_id: pkg.id,
    order_no: orderNo,
    name: pkg.name,
    kind: pkg.kind,
    flow_mb: pkg.kind === 'volume' ? 0 : pkg.flow_mb,
    unlimited: pkg.unlimited,
    used_mb: 0,
    g_price: pkg.g_price,
    price,
    duration: pkg.duration,
    duration_unit: pkg.duration_unit,
    starts_at: w.startsAt,
    ends_at: w.endsAt,
    status: w.startsAt <= now ? ('active' as const) : ('pending' as const),
    created_at: now,
    updated_at: now,
  };
}

/** Asks the carrier to open the package; the reason when it did not (nothing was opened). */
async function provision(
  deps: MoneyDeps,
  card: Card,
  pkg: PackageRow,
  orderNo: string,
  w: { startsAt: number; endsAt: number },
  now: number,
): Promise<string | null> {
  try {
    await deps.carrier.provision(
      { simNo: card.sim_no, iccid: card.iccid, operatorType: card.operator_type },
      { orderNo, name: pkg.name, kind: pkg.kind, flowMb: pkg.flow_mb, unlimited: pkg.unlimited === 1, ...w },
      now,
    );
    return null;
  } catch (err) {
    deps.log.warn({ err, orderNo, simNo: card.sim_no }, 'carrier did not open the package');
    return `the carrier could not open the package: ${(err as Error).message ?? err}`.slice(0, 300);
  }
}

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

async function openPayment(deps: MoneyDeps, order: OrderRow, allowed: string[]): Promise<PaymentView> {
  try {
    return await deps.payments.create({
      orderType: ORDER_TYPE,
      orderId: order.id,
      orderNo: order.order_no,
      amount: order.pay_amount,
      subject: order.title,
      method: order.pay_method,
      allowedMethods: allowed,
      returnUrl: returnUrlFor(order.kind, order.order_no),
      expiresAt: order.expires_at ?? deps.now() + orderTtlMs(deps),
    });
  } catch (err) {
    await endPendingOrder(deps, order, 'failed', err instanceof BizError ? err.message : 'payment could not be opened', deps.now());
    throw err;
  }
}

async function checkMethod(deps: MoneyDeps, promoCode: string, method: string, field: FieldId): Promise<string[]> {
  const { allowed, offered } = await onlineMethods(deps, promoCode);
  if (!offered.some((m) => m.method === method)) {
    throw invalid(field, 'money.methodNotOffered', {
      method: termOr('term.payMethod', method),
      methods: ['balance', ...offered.map((m) => m.method)].map((m) => termOr('term.payMethod', m)),
    });
  }
  return allowed;
}

export interface Caller {
  simId: number;
  simNo: string;
  idempotencyKey: string;
}

/** POST /api/iot/buyPackage */
export async function buyPackage(deps: MoneyDeps, caller: Caller, body: BuyPackageBody): Promise<IotOrderReply> {
  const { db, dialect } = deps.db;
  const now = deps.now();
  const [pkg, card] = await Promise.all([cachedPackage(db, body.packageId, now), cardById(db, caller.simId)]);
  if (!pkg) throw invalid('packageId', 'packages.noSuch');
  const coins = body.useCouponCoin ? couponCoinsUsable(card.coupon_coin, pkg.coupon_deduct_max, pkg.price) : 0;
  const byBalance = body.payMethod === 'balance' || pkg.price - coins === 0;
  // The pay password is checked before the idempotency key is claimed, so "41001, ask, retry with
  // the same key" works and a wrong entry is never stored as the answer of the key.
  if (byBalance && pkg.price - coins > 0 && card.pay_password_hash !== null) {
    await checkPayPassword(db, caller.simId, body.payPassword, now);
  }
  const { payPassword: _secret, ...request } = body;
  const settings = await cachedSettings(db, card.promo_code, now);
  const scope = `iot.buyPackage:${caller.simId}`;
  if (byBalance) {
    const reply = await idempotentTx(
      db,
      scope,
      caller.idempotencyKey,
      request,
      async (trx): Promise<IotOrderReply> => {
        const locked = await lockCard(trx, dialect, caller.simId);
        assertCanBuy(locked, pkg, body.effect, settings, now);
        const { order, window } = await buyWithBalanceIn(
          trx,
          deps,
          locked,
          pkg,
          { effect: body.effect, useCouponCoin: body.useCouponCoin, source: 'holder' },
          now,
        );
        return { order: orderView(order, window && { starts_at: window.startsAt, ends_at: window.endsAt }), payment: null };
      },
      now,
    );
    deps.sims.forgetSimInfo(caller.simId);
    return reply;
  }
  return idempotent(db, scope, caller.idempotencyKey, request, async () => {
    const allowed = await checkMethod(deps, card.promo_code, body.payMethod, 'payMethod');
    // The rules are checked on the locked card, and the order takes its unit of stock in the same
    // transaction: an order that is accepted has its package waiting for it until it expires.
    const order = await db.transaction().execute(async (trx) => {
      const locked = await lockCard(trx, dialect, caller.simId);
      assertCanBuy(locked, pkg, body.effect, settings, now);
      if (!(await takeStock(trx, pkg, now))) throw soldOut();
      await checkCardLimit(trx, pkg, locked.id);
      const usable = body.useCouponCoin ? couponCoinsUsable(locked.coupon_coin, pkg.coupon_deduct_max, pkg.price) : 0;
      return insertOnlineOrder(trx, deps, now, {
        sim_id: locked.id,
        kind: 'package',
        package_id: pkg.id,
        offer_id: null,
        title: pkg.name,
        amount: pkg.price,
        pay_amount: pkg.price - usable,
        coin_amount: usable,
        pay_method: body.payMethod,
        effect: body.effect,
      });
    });
    return payOnline(deps, order, allowed);
  });
}

/** POST /api/iot/createBalanceOrder and /api/iot/createCouponOrder */
export async function createTopup(
  deps: MoneyDeps,
  caller: Caller,
  kind: 'balance' | 'coupon',
  body: CreateTopupBody,
): Promise<IotOrderReply> {
  const { db } = deps.db;
  return idempotent(db, `iot.topup:${caller.simId}`, caller.idempotencyKey, { kind, ...body }, async () => {
    const now = deps.now();
    const card = await cardById(db, caller.simId);
    assertUsable(card);
    const settings = await settingsFor(db, card.promo_code);
    let pay: number;
    let bonusBalance = 0;
    let bonusCoin = 0;
    let offerId: number | null = null;
    if (body.offerId !== undefined) {
      const offer = await db
        .selectFrom('iot_topup_offers')
        .selectAll()
        .where('id', '=', body.offerId)
        .where('promo_code', '=', card.promo_code)
        .where('kind', '=', kind)
        .where('enabled', '=', 1)
        .executeTakeFirst();
      if (!offer || (offer.starts_at !== null && offer.starts_at > now) || (offer.ends_at !== null && offer.ends_at <= now)) {
        throw invalid('offerId', 'topup.offerUnavailable');
      }
      pay = offer.pay_amount;
      bonusBalance = offer.bonus_balance;
      bonusCoin = offer.bonus_coin;
      offerId = offer.id;
    } else {
      if (settings.allow_custom_topup !== 1) throw invalid('amount', 'topup.chooseOffer');
      pay = body.amount!;
      if (pay < settings.topup_min || pay > settings.topup_max) {
        throw invalid('amount', 'topup.amountRange', { min: yuan(settings.topup_min), max: yuan(settings.topup_max) });
      }
    }
    const allowed = await checkMethod(deps, card.promo_code, body.method, 'method');
    const bonusText = [bonusBalance > 0 ? `送${yuan(bonusBalance)}` : '', bonusCoin > 0 ? `送${bonusCoin}券币` : '']
      .filter(Boolean)
      .join(' ');
    const title = `${kind === 'balance' ? '余额充值' : '券币充值'} ${yuan(pay)}${bonusText ? `（${bonusText}）` : ''}`;
    const order = await insertOnlineOrder(db, deps, now, {
      sim_id: card.id,
      kind,
      package_id: null,
      offer_id: offerId,
      title,
      amount: pay,
      pay_amount: pay,
      coin_amount: 0,
      credit_balance: (kind === 'balance' ? pay : 0) + bonusBalance,
      credit_coin: (kind === 'coupon' ? pay : 0) + bonusCoin,
      pay_method: body.method,
      effect: null,
    });
    return payOnline(deps, order, allowed);
  });
}

type OnlineOrderFields = Omit<
  Insertable<IotOrdersTable>,
  'order_no' | 'status' | 'sim_package_id' | 'expires_at' | 'paid_at' | 'effective_at' | 'refunded_at' | 'created_at' | 'updated_at'
>;

/** An order paid online: pending until its payment arrives, or until it expires. */
function insertOnlineOrder(trx: Trx, deps: MoneyDeps, now: number, fields: OnlineOrderFields): Promise<OrderRow> {
  return trx
    .insertInto('iot_orders')
    .values({
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
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Opens the payment of an order just placed (outside any transaction: the provider may be remote). */
async function payOnline(deps: MoneyDeps, order: OrderRow, allowed: string[]): Promise<IotOrderReply> {
  const payment = await openPayment(deps, order, allowed);
  return { order: await toOrderView(deps.db.db, order), payment };
}

// ---- payment handlers ----

type PaidOutcome = 'applied' | { refund: string };

async function applyPackagePayment(
  trx: Trx,
  deps: MoneyDeps,
  order: OrderRow,
  card: Card,
  p: PaymentRow,
  now: number,
): Promise<PaidOutcome> {
  const pkg = await trx.selectFrom('iot_packages').selectAll().where('id', '=', order.package_id!).executeTakeFirstOrThrow();
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
  // A pending order holds its unit of stock; one closed before its payment arrived has to take one again.
  const settings = await settingsFor(trx, card.promo_code);
  try {
    if (order.status === 'pending') assertCardMayBuy(card, pkg, settings);
    else assertCanBuy(card, pkg, (order.effect as Effect | null) ?? 'now', settings, now);
  } catch (err) {
    if (!(err instanceof BizError)) throw err;
    if (order.status === 'pending') await releaseStock(trx, pkg.id, now);
    return failOrder(err.message);
  }
  if (order.status === 'closed' && !(await takeStock(trx, pkg, now))) {
    return failOrder('the flash-sale package sold out before the payment arrived');
  }
  const orderNo = order.order_no;
  if (order.coin_amount > 0) {
    const after = await post(trx, {
      simId: card.id,
      account: 'coupon_coin',
      delta: -order.coin_amount,
      reason: 'package_purchase',
      orderNo,
      now,
    });
    if (after === null) {
      await releaseStock(trx, pkg.id, now);
      return failOrder('not enough coupon coins any more');
    }
  }
  const paid = await setOrder(trx, order.id, { status: 'paid', paid_at: p.paid_at ?? now, payment_no: p.payment_no, updated_at: now });
  const opened = await openPackage(trx, deps, card, pkg, paid, (order.effect as Effect | null) ?? 'now', now);
  if (!opened.ok) {
    if (order.coin_amount > 0) {
      await post(trx, {
        simId: card.id,
        account: 'coupon_coin',
        delta: order.coin_amount,
        reason: 'refund',
        orderNo,
        remark: opened.reason,
        now,
      });
    }
    await releaseStock(trx, pkg.id, now);
    return failOrder(opened.reason);
  }
  await setOrder(trx, order.id, { status: 'effective', sim_package_id: opened.simPackageId, effective_at: now, updated_at: now });
  const points = purchasePoints(order.pay_amount);
  if (points > 0) await post(trx, { simId: card.id, account: 'integral', delta: points, reason: 'purchase_reward', orderNo, now });
  await countRecharge(trx, card.id);
  return 'applied';
}

async function applyTopup(trx: Trx, deps: MoneyDeps, order: OrderRow, card: Card, p: PaymentRow, now: number): Promise<PaidOutcome> {
  const account = order.kind === 'balance' ? 'balance' : 'coupon_coin';
  const bonusBalance = order.credit_balance - (order.kind === 'balance' ? order.amount : 0);
  const bonusCoin = order.credit_coin - (order.kind === 'coupon' ? order.amount : 0);
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
  const c = topupCredit(order.pay_amount, bonusBalance, bonusCoin, card.arrears_balance);
  const orderNo = order.order_no;
  // Arrears stop data: usage so far is accrued under them, and the card re-synchronised once paid.
  if (c.arrearsSettled > 0) await syncSimIn(trx, deps.db.dialect, deps.carrier, card.id, now);
  if (c.arrearsSettled > 0) {
    await postOrFail(trx, { simId: card.id, account: 'arrears', delta: -c.arrearsSettled, reason: 'arrears_settlement', orderNo, now });
  }
  const remark = c.arrearsSettled > 0 ? `${yuan(c.arrearsSettled)} of ${yuan(order.pay_amount)} settled arrears first` : '';
  if (c.principal > 0) await post(trx, { simId: card.id, account, delta: c.principal, reason: 'topup', orderNo, remark, now });
  if (c.bonusBalance > 0)
    await post(trx, { simId: card.id, account: 'balance', delta: c.bonusBalance, reason: 'topup_bonus', orderNo, now });
  if (c.bonusCoin > 0) await post(trx, { simId: card.id, account: 'coupon_coin', delta: c.bonusCoin, reason: 'topup_bonus', orderNo, now });
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
  await countRecharge(trx, card.id);
  if (c.arrearsSettled > 0) await syncSimIn(trx, deps.db.dialect, deps.carrier, card.id, now);
  return 'applied';
}

/**
 * A payment arrived for an IoT order (inside the payment's transaction). A pending or closed order
 * is applied; an order already paid, or one that can no longer be done, has its money returned.
 */
async function onPaid(deps: MoneyDeps, trx: Trx, p: PaymentRow, now: number): Promise<PaidOutcome> {
  const order = await forUpdate(deps.db.dialect, trx.selectFrom('iot_orders').selectAll().where('id', '=', p.order_id)).executeTakeFirst();
  if (!order) return { refund: 'order not found' };
  if (order.pay_amount !== p.amount) return { refund: 'amount differs from the order' };
  if (order.status !== 'pending' && order.status !== 'closed') return { refund: 'the order was already paid' };
  const card = await lockCard(trx, deps.db.dialect, order.sim_id);
  const outcome =
    order.kind === 'package' ? await applyPackagePayment(trx, deps, order, card, p, now) : await applyTopup(trx, deps, order, card, p, now);
  deps.sims.forgetSimInfo(card.id);
  return outcome;
}

/** The money of an order went back: it is refunded (a package it opened is closed). */
async function onRefunded(deps: MoneyDeps, trx: Trx, p: PaymentRow, now: number): Promise<void> {
  const order = await forUpdate(deps.db.dialect, trx.selectFrom('iot_orders').selectAll().where('id', '=', p.order_id)).executeTakeFirst();
  if (!order || (order.payment_no !== '' && order.payment_no !== p.payment_no)) return;
  if (order.status === 'effective' && order.kind !== 'package') {
    deps.log.warn(
      { orderNo: order.order_no },
      'a credited top-up was refunded by the provider; the credit stays until an operator reverses it',
    );
  }
  if (order.status === 'effective' && order.sim_package_id !== null) {
    await trx
      .updateTable('iot_sim_packages')
      .set({ status: 'closed', ends_at: now, updated_at: now })
      .where('id', '=', order.sim_package_id)
      .where('status', 'in', ['active', 'pending'])
      .execute();
  }
  if (HOLDING.includes(order.status)) await releaseStock(trx, order.package_id, now);
  await setOrder(trx, order.id, { status: 'refunded', refunded_at: now, updated_at: now });
  deps.sims.forgetSimInfo(order.sim_id);
}

export function registerIotOrderType(deps: MoneyDeps): void {
  deps.payments.registerOrderType(ORDER_TYPE, {
    onPaid: (trx, p, now) => onPaid(deps, trx, p, now),
    onRefunded: (trx, p, now) => onRefunded(deps, trx, p, now),
  });
}

/** GET /api/iot/orderDetails: one of the card's orders; a pending payment is checked with its provider first. */
export async function orderDetails(deps: MoneyDeps, simId: number, orderNo: string): Promise<IotOrderReply> {
  const { db } = deps.db;
  const find = () => db.selectFrom('iot_orders').selectAll().where('order_no', '=', orderNo).where('sim_id', '=', simId).executeTakeFirst();
  const first = await find();
  if (!first) throw invalid('orderNo', 'iotOrders.noSuchOrder');
  if (first.status === 'pending') {
    for (const p of await deps.payments.pendingOf(ORDER_TYPE, first.id)) await deps.payments.reconcileOne(p);
  }
  const o = (await find()) ?? first;
  const payment = o.pay_method === 'balance' ? null : await deps.payments.latestFor(ORDER_TYPE, o.id);
  return { order: await toOrderView(db, o), payment };
}

/**
 * Ends an order still pending (not paid in time, or its payment could not be opened) and gives back
 * the flash-sale unit it held; false when it was no longer pending (paid or ended meanwhile).
 */
async function endPendingOrder(
  deps: MoneyDeps,
  order: Pick<OrderRow, 'id' | 'package_id'>,
  status: 'closed' | 'failed',
  reason: string,
  now: number,
): Promise<boolean> {
  return deps.db.db.transaction().execute(async (trx) => {
    const r = await trx
      .updateTable('iot_orders')
      .set({ status, fail_reason: reason, updated_at: now })
      .where('id', '=', order.id)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) !== 1) return false;
    await releaseStock(trx, order.package_id, now);
    return true;
  });
}

/** Unpaid online orders past their time are closed (a payment made meanwhile is applied instead). */
export async function closeExpiredOrders(deps: MoneyDeps, now: number): Promise<number> {
  const rows = await deps.db.db
    .selectFrom('iot_orders')
    .select(['id', 'package_id'])
    .where('status', '=', 'pending')
    .where('expires_at', '<=', now)
    .orderBy('id')
    .limit(100)
    .execute();
  let closed = 0;
  for (const row of rows) {
    for (const p of await deps.payments.pendingOf(ORDER_TYPE, row.id)) await deps.payments.reconcileOne(p);
    if (await endPendingOrder(deps, row, 'closed', 'not paid in time', now)) closed++;
  }
  return closed;
}

export function orderJobs(deps: MoneyDeps): Job[] {
  return [{ name: 'iot.closeExpiredOrders', everyMs: 60_000, run: (now) => closeExpiredOrders(deps, now) }];
}
