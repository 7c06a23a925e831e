/**
 * What operators do with engagement (the console's calls through service.ts): VIP and speed-up
 * plans and coupon exchange items per storefront (names in three languages through i18n-texts),
 * and the VIP and speed-up orders of cards with their full refunds.
 */
import type {
  AdminEngageOrder,
  EngageOrderKind,
  EngageTri,
  SaveAcceleratePlanBody,
  SaveExchangeItemBody,
  SaveVipPlanBody,
} from '@simshop/contract/admin-engage';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { invalid } from '../../lib/errors.ts';
import type { Language } from '../../lib/messages.ts';
import { replaceTris, textsFor, trisOf } from '../i18n-texts/service.ts';
import { post } from '../iot-money/service.ts';
import { lockCard } from '../iot-sims/service.ts';
import type { RefundState } from '../payments/service.ts';
import { runDueSpeedChanges } from './accelerate.ts';
import type { ShopDeps } from './online.ts';
import * as repo from './repository.ts';

type Db = Kysely<Database>;

// ── Plans and items ───────────────────────────────────────────────────────────────────────

export interface OperatorVipPlan {
  id: number;
  promoCode: string;
  name: EngageTri;
  label: string;
  logo: string;
  price: number;
  originalPrice: number;
  durationDays: number;
  pointsMultiplier: number;
  packageDiscount: number;
  onSale: boolean;
  sort: number;
  updatedAt: number;
}

export interface OperatorAcceleratePlan {
  id: number;
  promoCode: string;
  name: EngageTri;
  label: string;
  logo: string;
  speedCode: string;
  speedMbps: number;
  durationHours: number;
  price: number;
  originalPrice: number;
  onSale: boolean;
  sort: number;
  updatedAt: number;
}

export interface OperatorExchangeItem {
  id: number;
  promoCode: string;
  kind: 'coupon' | 'balance';
  coinCost: number;
  value: number;
  minSpend: number;
  validDays: number;
  stock: number | null;
  sold: number;
  perCardLimit: number;
  onSale: boolean;
  sort: number;
  updatedAt: number;
}

async function vipViews(db: Db, rows: repo.VipPlanRow[], language: Language): Promise<OperatorVipPlan[]> {
  const [tris, texts] = await Promise.all([
    trisOf(db, 'iot_vip_plan', rows, ['name'] as const),
    textsFor(
      db,
      language,
      'iot_vip_plan',
      rows.map((r) => r.id),
    ),
  ]);
  return rows.map((r) => ({
    id: Number(r.id),
    promoCode: r.promo_code,
    name: tris.get(r.id)!.name,
    label: texts.text(r.id, 'name', r.name),
    logo: r.logo,
    price: Number(r.price),
    originalPrice: Number(r.original_price),
    durationDays: Number(r.duration_days),
    pointsMultiplier: Number(r.points_multiplier),
    packageDiscount: Number(r.package_discount),
    onSale: Number(r.on_sale) === 1,
    sort: Number(r.sort),
    updatedAt: Number(r.updated_at),
  }));
}

async function accelerateViews(db: Db, rows: repo.AcceleratePlanRow[], language: Language): Promise<OperatorAcceleratePlan[]> {
  const [tris, texts] = await Promise.all([
    trisOf(db, 'iot_accelerate_plan', rows, ['name'] as const),
    textsFor(
      db,
      language,
      'iot_accelerate_plan',
      rows.map((r) => r.id),
    ),
  ]);
  return rows.map((r) => ({
    id: Number(r.id),
    promoCode: r.promo_code,
    name: tris.get(r.id)!.name,
    label: texts.text(r.id, 'name', r.name),
    logo: r.logo,
    speedCode: r.speed_code,
    speedMbps: Number(r.speed_mbps),
    durationHours: Number(r.duration_hours),
    price: Number(r.price),
    originalPrice: Number(r.original_price),
    onSale: Number(r.on_sale) === 1,
    sort: Number(r.sort),
    updatedAt: Number(r.updated_at),
  }));
}

function itemView(r: repo.ExchangeItemRow): OperatorExchangeItem {
  return {
    id: Number(r.id),
    promoCode: r.promo_code,
    kind: r.kind,
    coinCost: Number(r.coin_cost),
    value: Number(r.value),
    minSpend: Number(r.min_spend),
    validDays: Number(r.valid_days),
    stock: r.stock === null ? null : Math.max(0, Number(r.stock) - Number(r.sold)),
    sold: Number(r.sold),
    perCardLimit: Number(r.per_card_limit),
    onSale: Number(r.on_sale) === 1,
    sort: Number(r.sort),
    updatedAt: Number(r.updated_at),
  };
}

export async function operatorVipPlans(db: Db, promoCodes: string[] | 'all', page: number, pageSize: number, language: Language) {
  const { rows, total } = await repo.catalogueRows(db, 'iot_vip_plans', promoCodes, page, pageSize);
  return { list: await vipViews(db, rows, language), total };
}

export async function operatorVipPlan(db: Db, id: number, language: Language): Promise<OperatorVipPlan | null> {
  const row = await repo.vipPlanById(db, id);
  return row ? (await vipViews(db, [row], language))[0]! : null;
}

export async function operatorAcceleratePlans(db: Db, promoCodes: string[] | 'all', page: number, pageSize: number, language: Language) {
  const { rows, total } = await repo.catalogueRows(db, 'iot_accelerate_plans', promoCodes, page, pageSize);
  return { list: await accelerateViews(db, rows, language), total };
}

export async function operatorAcceleratePlan(db: Db, id: number, language: Language): Promise<OperatorAcceleratePlan | null> {
  const row = await repo.acceleratePlanById(db, id);
  return row ? (await accelerateViews(db, [row], language))[0]! : null;
}

export async function operatorExchangeItems(db: Db, promoCodes: string[] | 'all', page: number, pageSize: number) {
  const { rows, total } = await repo.catalogueRows(db, 'iot_exchange_items', promoCodes, page, pageSize);
  return { list: rows.map(itemView), total };
}

export async function operatorExchangeItem(db: Db, id: number): Promise<OperatorExchangeItem | null> {
  const row = await repo.exchangeItemById(db, id);
  return row ? itemView(row) : null;
}

/** Adds a VIP plan to a storefront, or changes one (cards buy at the new terms from then on; orders keep theirs). */
export async function saveVipPlan(db: Db, promoCode: string, b: SaveVipPlanBody, now: number): Promise<number> {
  const fields = {
    name: b.name['zh-Hans'],
    logo: b.logo,
    price: b.price,
    original_price: b.originalPrice,
    duration_days: b.durationDays,
    points_multiplier: b.pointsMultiplier,
    package_discount: b.packageDiscount,
    on_sale: b.onSale ? 1 : 0,
    sort: b.sort,
    updated_at: now,
  };
  return db.transaction().execute(async (trx) => {
    const id = b.id ?? (await repo.insertVipPlan(trx, { ...fields, promo_code: promoCode, created_at: now }));
    if (b.id !== undefined) await repo.updateVipPlan(trx, id, fields);
    await replaceTris(trx, 'iot_vip_plan', id, { name: b.name });
    return id;
  });
}

/** Adds a speed-up plan to a storefront, or changes one. */
export async function saveAcceleratePlan(db: Db, promoCode: string, b: SaveAcceleratePlanBody, now: number): Promise<number> {
  const fields = {
    name: b.name['zh-Hans'],
    logo: b.logo,
    speed_code: b.speedCode,
    speed_mbps: b.speedMbps,
    duration_hours: b.durationHours,
    price: b.price,
    original_price: b.originalPrice,
    on_sale: b.onSale ? 1 : 0,
    sort: b.sort,
    updated_at: now,
  };
  return db.transaction().execute(async (trx) => {
    const id = b.id ?? (await repo.insertAcceleratePlan(trx, { ...fields, promo_code: promoCode, created_at: now }));
    if (b.id !== undefined) await repo.updateAcceleratePlan(trx, id, fields);
    await replaceTris(trx, 'iot_accelerate_plan', id, { name: b.name });
    return id;
  });
}

/**
 * Adds an exchange item, or changes one: its units left change only while exchanges have not moved
 * them since the form was read (refused otherwise, field stock), so units taken are never overwritten.
 */
export async function saveExchangeItem(db: Db, promoCode: string, b: SaveExchangeItemBody, now: number): Promise<number> {
  const fields = {
    kind: b.kind,
    coin_cost: b.coinCost,
    value: b.value,
    min_spend: b.minSpend,
    valid_days: b.validDays,
    per_card_limit: b.perCardLimit,
    on_sale: b.onSale ? 1 : 0,
    sort: b.sort,
    updated_at: now,
  };
  if (b.id === undefined) return repo.insertExchangeItem(db, { ...fields, stock: b.stock, promo_code: promoCode, created_at: now });
  if (b.expectedStock === undefined) throw invalid('stock', 'catalogue.stockChanged');
  if (!(await repo.updateExchangeItem(db, b.id, fields, { left: b.stock, expectedLeft: b.expectedStock })))
    throw invalid('stock', 'catalogue.stockChanged');
  return b.id;
}

export type CatalogueKind = 'vip' | 'accelerate' | 'exchange';
const TABLES = { vip: 'iot_vip_plans', accelerate: 'iot_accelerate_plans', exchange: 'iot_exchange_items' } as const;

/** Puts a plan or item on or off sale (off sale: cards no longer see or buy it; orders keep theirs). */
export function setCatalogueOnSale(db: Db, kind: CatalogueKind, id: number, onSale: boolean, now: number): Promise<void> {
  return repo.setOnSale(db, TABLES[kind], id, onSale, now);
}

// ── Orders and refunds ────────────────────────────────────────────────────────────────────

type AnyOrder = repo.VipOrderRow | repo.AccelerateOrderRow;

/** An order as the console shows it (the card's number and storefront are added by the caller). */
export type OperatorOrder = Omit<AdminEngageOrder, 'simNo' | 'promoCode'>;

async function orderViews(deps: ShopDeps, kind: EngageOrderKind, rows: AnyOrder[], language: Language): Promise<OperatorOrder[]> {
  const planId = (r: AnyOrder) => ('vip_id' in r ? r.vip_id : r.accelerate_id);
  const texts = await textsFor(deps.db, language, kind === 'vip' ? 'iot_vip_plan' : 'iot_accelerate_plan', rows.map(planId));
  const pending = await Promise.all(
    rows.map(async (r) =>
      r.payment_no && Number(r.status) === 1 ? (await deps.payments.refundsOf(r.payment_no)).some((x) => x.state === 'pending') : false,
    ),
  );
  return rows.map((r, i) => ({
    kind,
    id: Number(r.id),
    orderSn: r.order_sn,
    simId: Number(r.sim_id),
    name: texts.text(planId(r), 'name', 'vip_name' in r ? r.vip_name : r.accelerate_name),
    payMethod: r.pay_method,
    amount: Number(r.actual_pay_money),
    status: Number(r.status),
    startAt: Number(r.start_at),
    endAt: Number(r.end_at),
    refundAt: r.refund_at === null ? null : Number(r.refund_at),
    refundMoney: Number(r.refund_money),
    refundRemark: r.refund_remark,
    refundPending: pending[i]!,
    refundable: Number(r.status) === 1 && !pending[i],
    createdAt: Number(r.created_at),
  }));
}

/** A page of VIP or speed-up orders of these cards (or all), newest first. */
export async function operatorOrders(
  deps: ShopDeps,
  kind: EngageOrderKind,
  simIds: number[] | 'all',
  page: number,
  pageSize: number,
  language: Language,
) {
  const { rows, total } =
    kind === 'vip'
      ? await repo.operatorOrders(deps.db, 'iot_vip_orders', simIds, page, pageSize)
      : await repo.operatorOrders(deps.db, 'iot_accelerate_orders', simIds, page, pageSize);
  return { list: await orderViews(deps, kind, rows, language), total };
}

/** One order by its number, or null. */
export async function operatorOrder(deps: ShopDeps, kind: EngageOrderKind, orderSn: string, language: Language) {
  const row = kind === 'vip' ? await repo.vipOrderBySn(deps.db, orderSn) : await repo.accelerateOrderBySn(deps.db, orderSn);
  return row ? (await orderViews(deps, kind, [row], language))[0]! : null;
}

export interface EngageRefund {
  state: RefundState;
  amount: number;
  refundNo: string;
  /** The same refund asked again: nothing new was done. */
  replay: boolean;
}

/**
 * Refunds a paid VIP or speed-up order in full, once. Paid at the cashier: through the payment
 * (`payments.refund` with the operator's key; asked again, the same refund answers); the window
 * ends (a speed-up's profile is restored at the carrier) when the provider confirms, in the
 * payment's settling transaction (the order types' onRefunded). Paid from the balance: in one
 * transaction on the locked card, the order turns refunded with its window ended now (not yet
 * started: ended at its start) and the price goes back to the balance through the ledger
 * (`vip_refund`, `accelerate_refund`); a refunded order answers its refund again.
 */
export async function refundOrder(
  deps: ShopDeps,
  kind: EngageOrderKind,
  orderSn: string,
  reason: string,
  key: string,
): Promise<EngageRefund> {
  const row = kind === 'vip' ? await repo.vipOrderBySn(deps.db, orderSn) : await repo.accelerateOrderBySn(deps.db, orderSn);
  if (!row) throw invalid('orderSn', 'admin.noSuchObject');
  if (row.pay_method !== 'balance') {
    if (!row.payment_no) throw invalid('orderSn', 'payments.refundOnlyPaid');
    const known = await deps.payments.refundByKey(row.payment_no, key);
    if (known) return { state: known.state, amount: known.amount, refundNo: known.refundNo, replay: true };
    if (Number(row.status) !== 1) throw invalid('orderSn', 'payments.refundOnlyPaid');
    const r = await deps.payments.refund(row.payment_no, reason, key);
    return { state: r.state, amount: r.amount, refundNo: r.refundNo, replay: false };
  }
  const now = deps.now();
  const done = await deps.db.transaction().execute(async (trx) => {
    await lockCard(trx, deps.dialect, row.sim_id);
    const o =
      kind === 'vip' ? await repo.lockVipOrder(trx, deps.dialect, row.id) : await repo.lockAccelerateOrder(trx, deps.dialect, row.id);
    if (!o) throw invalid('orderSn', 'admin.noSuchObject');
    if (Number(o.status) === 2) return { amount: Number(o.refund_money), replay: true };
    if (Number(o.status) !== 1) throw invalid('orderSn', 'payments.refundOnlyPaid');
    const amount = Number(o.actual_pay_money);
    const ended = Math.max(Number(o.start_at), Math.min(Number(o.end_at), now));
    const refund = { refund_at: now, refund_money: amount, refund_remark: reason, refund_type: 1, end_at: ended, updated_at: now };
    // Conditional on the paid state (the locked row makes it so; the check keeps a second credit impossible).
    let moved: boolean;
    if (kind === 'vip') {
      moved = await repo.markVipRefunded(trx, o.id, refund);
    } else {
      const a = o as repo.AccelerateOrderRow;
      const atCarrier = a.carrier_state === 'applied' || a.carrier_state === 'apply';
      moved = await repo.moveAccelerate(
        trx,
        a.id,
        { status: [1] },
        {
          ...refund,
          status: 2,
          carrier_state: atCarrier ? 'restore' : a.carrier_state,
          carrier_due_at: atCarrier ? now : a.carrier_due_at,
          carrier_tries: 0,
        },
      );
    }
    if (!moved) return { amount: Number(o.refund_money), replay: true };
    await post(trx, {
      simId: o.sim_id,
      account: 'balance',
      delta: amount,
      reason: kind === 'vip' ? 'vip_refund' : 'accelerate_refund',
      orderNo: o.order_sn,
      remark: reason,
      now,
    });
    return { amount, replay: false };
  });
  deps.sims.forgetSimInfo(row.sim_id);
  // The card's own speed is asked back of the carrier now (the job retries it).
  if (kind === 'accelerate' && !done.replay)
    await runDueSpeedChanges(deps, deps.now(), row.sim_id).catch((err) => deps.log.error({ err }, 'speed-up restore failed'));
  return { state: 'succeeded', amount: done.amount, refundNo: '', replay: done.replay };
}
