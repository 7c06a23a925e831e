/**
 * Speed-up (accelerate): a carrier speed profile held on the card for a window of hours, paid from
 * the balance (pay password when set) or at the cashier. A card buys one only while a package is
 * in effect and no other speed-up runs (both checked on the locked card, so concurrent purchases
 * give one). The order row is the outbox of the carrier calls (decision 0009's pattern): the
 * payment's transaction marks the profile due ("apply"); after the commit the purchase, the job
 * `iot.accelerate` or a poll makes the call; when the window ends the job restores the card's own
 * speed. A claim is a conditional update on the row, so two instances never call for one order at
 * once; a refusal by the carrier refunds the order through the ledger (or the payment).
 */

import { randomUUID } from 'node:crypto';
import type { AccelerateOrder } from '@simshop/contract/iot';
import type {
  AccelerateListReply,
  AccelerateOrderPage,
  CreateAccelerateOrderBody,
  CreateAccelerateOrderReply,
} from '@simshop/contract/iot-engage';
import type { PaymentView } from '@simshop/contract/payments';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { BizError, invalid } from '../../lib/errors.ts';
import { idempotent, idempotentTx } from '../../lib/idempotency.ts';
import type { Job } from '../../lib/jobs.ts';
import type { Language } from '../../lib/messages.ts';
import { orderNumber } from '../../lib/order-no.ts';
import { ProvisionError } from '../../providers/carrier/types.ts';
import { textsFor } from '../i18n-texts/service.ts';
import type { SimCaller } from '../iot-auth/service.ts';
import { packageInEffectUntil, type SpeedWant } from '../iot-carrier/service.ts';
import { assertUsable, checkPayPassword, post, postOrFail } from '../iot-money/service.ts';
import { type Card, cardById, lockCard, notePerksUntil } from '../iot-sims/service.ts';
import type { PaymentRow } from '../payments/service.ts';
import { ACCELERATE_ORDER_TYPE, checkMethod, openPayment, payMethodsFor, type ShopDeps } from './online.ts';
import * as repo from './repository.ts';

type OrderRow = repo.AccelerateOrderRow;
type Db = Kysely<Database>;

const HOUR = 3_600_000;

/** yyyy-MM-dd HH:mm in China Standard Time, the time the holder reads on the phone. */
function chinaTime(ms: number): string {
  return new Date(ms + 8 * HOUR).toISOString().slice(0, 16).replace('T', ' ');
}
/** How long a claimed carrier call may take before another runner may try it again. */
export const SPEED_LEASE_MS = 30_000;
/** Tries at applying a profile without an answer before the order is given up and refunded. */
export const SPEED_MAX_TRIES = 6;
/** How long the purchase waits for its own first call to the carrier before answering. */
const FIRST_TRY_WAIT_MS = 2_000;

/** Wait before the next try after `tries` calls without an answer: 10 s, 20 s, 40 s... at most 10 min. */
export function speedRetryDelay(tries: number): number {
  return Math.min(10_000 * 2 ** Math.max(0, tries - 1), 600_000);
}

function carrierStateOf(o: OrderRow): AccelerateOrder['carrierState'] {
  if (o.carrier_state === 'applied' || o.carrier_state === 'restore') return o.applied_at !== null ? 'applied' : 'waiting';
  if (o.carrier_state === 'restored') return 'restored';
  if (o.carrier_state === 'refused') return 'refused';
  return 'waiting';
}

export function accelerateOrderView(o: OrderRow, name: string, now: number): AccelerateOrder {
  const applied = o.carrier_state === 'applied';
  return {
    id: o.id,
    simId: o.sim_id,
    accelerateId: o.accelerate_id,
    uuid: o.uuid,
    orderSn: o.order_sn,
    placeType: o.place_type,
    payMethod: o.pay_method,
    actualPayMoney: o.actual_pay_money,
    accelerateName: name,
    logo: o.logo,
    packagePrice: o.package_price,
    speedCode: o.speed_code,
    speedMbps: o.speed_mbps,
    durationHours: o.duration_hours,
    startAt: o.start_at,
    endAt: o.end_at,
    validTag: o.status === 1 && applied && o.start_at <= now && now < o.end_at ? 1 : 0,
    carrierState: o.carrier_state === 'restore' && o.status === 2 ? 'restored' : carrierStateOf(o),
    refundAt: o.refund_at,
    refundRemark: o.refund_remark,
    refundType: o.refund_type,
    remark: o.remark,
    status: o.status,
    updatedAt: o.updated_at,
    createdAt: o.created_at,
  };
}

async function namesOf(deps: ShopDeps, language: Language, ids: number[]) {
  const texts = await textsFor(deps.db, language, 'iot_accelerate_plan', [...new Set(ids)]);
  return (id: number, fallback: string) => texts.text(id, 'name', fallback);
}

async function viewsOf(deps: ShopDeps, rows: OrderRow[], now: number, language: Language): Promise<AccelerateOrder[]> {
  const name = await namesOf(
    deps,
    language,
    rows.map((r) => r.accelerate_id),
  );
  return rows.map((r) => accelerateOrderView(r, name(r.accelerate_id, r.accelerate_name), now));
}

/** The speed-up running now (SIM info's accelerateOrder), or null. */
export async function currentAccelerateOrder(deps: ShopDeps, simId: number, now: number, language: Language) {
  const row = await repo.runningAccelerate(deps.db, simId, now);
  if (!row || row.start_at > now) return null;
  return (await viewsOf(deps, [row], now, language))[0]!;
}

/** What a card must meet to start a speed-up, on its locked row: usable, a package in effect, none running. */
async function assertMayAccelerate(trx: Db, card: Card, now: number): Promise<void> {
  assertUsable(card);
  if ((await packageInEffectUntil(trx, card.id, now)) === null) throw invalid('accelerateId', 'accelerate.noPackage');
  const running = await repo.runningAccelerate(trx, card.id, now);
  if (running) throw invalid('accelerateId', 'accelerate.running', { time: chinaTime(running.end_at) });
}

/** GET /api/iot/accelerateList */
export async function accelerateList(deps: ShopDeps, simId: number, language: Language): Promise<AccelerateListReply> {
  const now = deps.now();
  await runDueFor(deps, simId, now);
  const card = await cardById(deps.db, simId);
  const [plans, current, packageEndAt, payMethods] = await Promise.all([
    repo.acceleratePlans(deps.db, card.promo_code),
    currentAccelerateOrder(deps, simId, now, language),
    packageInEffectUntil(deps.db, simId, now),
    payMethodsFor(deps, card.promo_code),
  ]);
  const name = await namesOf(
    deps,
    language,
    plans.map((p) => p.id),
  );
  return {
    plans: plans.map((p) => ({
      id: p.id,
      name: name(p.id, p.name),
      logo: p.logo,
      speedCode: p.speed_code,
      speedMbps: p.speed_mbps,
      durationHours: p.duration_hours,
      price: p.price,
      originalPrice: Math.max(p.original_price, p.price),
    })),
    current,
    packageEndAt,
    balance: card.balance,
    existPayPassword: card.pay_password_hash !== null,
    payMethods,
  };
}

/** GET /api/iot/accelerateOrderList */
export async function accelerateOrderList(
  deps: ShopDeps,
  simId: number,
  page: number,
  pageSize: number,
  language: Language,
): Promise<AccelerateOrderPage> {
  const now = deps.now();
  await runDueFor(deps, simId, now);
  const { rows, total } = await repo.accelerateOrdersOf(deps.db, simId, page, pageSize);
  return { list: await viewsOf(deps, rows, now, language), total, page, pageSize };
}

/** The row of a new order; paid ones start now and are due at the carrier at once. */
function newOrder(card: Card, plan: repo.AcceleratePlanRow, now: number, method: string, paid: boolean, holdMs: number) {
  return {
    order_sn: orderNumber('A', now, 12),
    uuid: randomUUID(),
    sim_id: card.id,
    accelerate_id: plan.id,
    place_type: method === 'balance' ? 1 : 2,
    pay_method: method,
    accelerate_name: plan.name,
    logo: plan.logo,
    speed_code: plan.speed_code,
    speed_mbps: plan.speed_mbps,
    duration_hours: plan.duration_hours,
    package_price: Math.max(plan.original_price, plan.price),
    actual_pay_money: plan.price,
    start_at: now,
    end_at: now + plan.duration_hours * HOUR,
    status: paid ? 1 : 0,
    expires_at: paid ? null : now + holdMs,
    paid_at: paid ? now : null,
    // the purchase holds the first call for itself (a runner finds it due after the lease)
    carrier_state: paid ? ('apply' as const) : ('none' as const),
    carrier_due_at: paid ? now + SPEED_LEASE_MS : null,
    created_at: now,
    updated_at: now,
  };
}

/** POST /api/iot/createAccelerateOrder */
export async function createAccelerateOrder(
  deps: ShopDeps,
  caller: SimCaller,
  body: CreateAccelerateOrderBody,
  language: Language,
): Promise<CreateAccelerateOrderReply> {
  const now = deps.now();
  const method = body.payMethod ?? 'balance';
  const request = { accelerateId: body.accelerateId, payMethod: method };
  const scope = `iot.createAccelerateOrder:${caller.simId}`;
  if (method === 'balance') {
    // Checked before the key is claimed, so "41001, ask, retry with the same key" works.
    await checkPayPassword(deps.db, caller.simId, body.payPassword, now);
    let placed: OrderRow | undefined;
    const reply = await idempotentTx(
      deps.db,
      scope,
      caller.idempotencyKey,
      request,
      async (trx) => {
        const card = await lockCard(trx, deps.dialect, caller.simId);
        const plan = await repo.acceleratePlan(trx, card.promo_code, body.accelerateId);
        if (!plan) throw invalid('accelerateId', 'accelerate.noSuchPlan');
        await assertMayAccelerate(trx, card, now);
        const row = newOrder(card, plan, now, 'balance', true, deps.holdMs);
        const balance = await postOrFail(trx, {
          simId: card.id,
          account: 'balance',
          delta: -plan.price,
          reason: 'accelerate_purchase',
          orderNo: row.order_sn,
          now,
        });
        placed = await repo.addAccelerateOrder(trx, row);
        await notePerksUntil(trx, card.id, placed.end_at);
        return { orderId: placed.id, balance };
      },
      now,
    );
    deps.sims.forgetSimInfo(caller.simId);
    // Committed here: the carrier is asked now (a replay finds the order as it stands).
    if (placed && placed.id === reply.orderId) await firstTry(deps, placed);
    const order = (await repo.accelerateOrderById(deps.db, reply.orderId))!;
    const card = await cardById(deps.db, caller.simId);
    return { order: (await viewsOf(deps, [order], deps.now(), language))[0]!, balance: card.balance, payment: null };
  }
  return idempotent(
    deps.db,
    scope,
    caller.idempotencyKey,
    request,
    async () => {
      const card = await cardById(deps.db, caller.simId);
      const allowed = await checkMethod(deps, card.promo_code, method, 'payMethod');
      const order = await deps.db.transaction().execute(async (trx) => {
        const locked = await lockCard(trx, deps.dialect, caller.simId);
        const plan = await repo.acceleratePlan(trx, locked.promo_code, body.accelerateId);
        if (!plan) throw invalid('accelerateId', 'accelerate.noSuchPlan');
        await assertMayAccelerate(trx, locked, now);
        return repo.addAccelerateOrder(trx, newOrder(locked, plan, now, method, false, deps.holdMs));
      });
      let payment: PaymentView;
      try {
        payment = await openPayment(
          deps,
          {
            orderType: ACCELERATE_ORDER_TYPE,
            id: order.id,
            orderSn: order.order_sn,
            amount: order.actual_pay_money,
            subject: `加速包 ${order.accelerate_name}`,
            method,
            expiresAt: order.expires_at ?? now + deps.holdMs,
            shopper: caller.shopper,
          },
          allowed,
          'pages-sub/iot/index/accelerate/order/index',
        );
      } catch (err) {
        await repo.moveAccelerate(
          deps.db,
          order.id,
          { status: [0] },
          { status: 3, remark: 'payment could not be opened', updated_at: now },
        );
        throw err;
      }
      return { order: (await viewsOf(deps, [order], now, language))[0]!, balance: card.balance, payment };
    },
    now,
  );
}

// ── The carrier: apply the profile when paid, restore the card's speed when the window ends ─────

/** Claims a due call on the row (conditional update): false when another runner has it or it is no longer due. */
async function claim(deps: ShopDeps, o: OrderRow, now: number): Promise<boolean> {
  return repo.moveAccelerate(
    deps.db,
    o.id,
    { carrier: [o.carrier_state], dueAt: o.carrier_due_at },
    { carrier_due_at: now + SPEED_LEASE_MS, carrier_tries: o.carrier_tries + 1, updated_at: now },
  );
}

/** Gives a paid order up (the carrier refused, or never answered): the money goes back once, and the speed is restored. */
async function giveUp(deps: ShopDeps, o: OrderRow, reason: string, restore: boolean, now: number): Promise<void> {
  const refundPayment = await deps.db.transaction().execute(async (trx) => {
    const locked = await repo.lockAccelerateOrder(trx, deps.dialect, o.id);
    if (locked?.status !== 1 || locked.carrier_state !== 'apply') return null;
    await lockCard(trx, deps.dialect, locked.sim_id);
    await repo.moveAccelerate(
      trx,
      o.id,
      { status: [1], carrier: ['apply'] },
      {
        status: 2,
        carrier_state: restore ? 'restore' : 'refused',
        carrier_due_at: restore ? now : null,
        carrier_tries: 0,
        refund_at: now,
        refund_money: locked.actual_pay_money,
        refund_remark: reason,
        refund_type: 2,
        end_at: now,
        updated_at: now,
      },
    );
    if (locked.pay_method === 'balance') {
      await post(trx, {
        simId: locked.sim_id,
        account: 'balance',
        delta: locked.actual_pay_money,
        reason: 'accelerate_refund',
        orderNo: locked.order_sn,
        remark: reason,
        now,
      });
      return null;
    }
    await deps.payments.owesRefund(trx, locked.payment_no, reason, now);
    return locked.payment_no;
  });
  deps.sims.forgetSimInfo(o.sim_id);
  if (refundPayment) await deps.payments.settleRefund(refundPayment).catch((err) => deps.log.error({ err }, 'speed-up refund failed'));
}

/** Makes the claimed call of an order at the carrier (no transaction open) and records its answer. */
async function call(deps: ShopDeps, o: OrderRow, now: number): Promise<void> {
  const applying = o.carrier_state === 'apply';
  if (applying && o.end_at <= now) return giveUp(deps, o, 'the speed-up window ended before it could be applied', false, now);
  const sim = await cardById(deps.db, o.sim_id);
  const card = { simNo: sim.sim_no, iccid: sim.iccid, operatorType: sim.operator_type };
  const tries = o.carrier_tries + 1;
  try {
    // The card's speed is what is wanted now: this speed-up while it applies, after it the
    // holder's slow-down if one is in force, else the card's own speed.
    await deps.speeds.set(o.sim_id, card, `${o.order_sn}:${applying ? 'apply' : 'restore'}`, now);
  } catch (err) {
    if (applying && err instanceof ProvisionError) return giveUp(deps, o, err.message, false, now);
    if (applying && tries >= SPEED_MAX_TRIES) return giveUp(deps, o, 'the carrier did not answer', true, now);
    deps.log.warn({ err, orderSn: o.order_sn }, 'speed-up call to the carrier failed; tried again later');
    await repo.moveAccelerate(
      deps.db,
      o.id,
      { carrier: [o.carrier_state] },
      { carrier_due_at: now + speedRetryDelay(tries), updated_at: now },
    );
    return;
  }
  if (applying) {
    // Applied: the restore is due when the window ends (a refund meanwhile moved it to "restore" already).
    await repo.moveAccelerate(
      deps.db,
      o.id,
      { carrier: ['apply'] },
      { carrier_state: 'applied', applied_at: now, carrier_due_at: o.end_at, carrier_tries: 0, updated_at: now },
    );
  } else {
    await repo.moveAccelerate(
      deps.db,
      o.id,
      { carrier: ['applied', 'restore'] },
      { carrier_state: 'restored', restored_at: now, carrier_due_at: null, updated_at: now },
    );
  }
  deps.sims.forgetSimInfo(o.sim_id);
}

/** What a speed-up wants of its card's speed (iot-carrier's CardSpeeds): its profile while it is in force. */
export async function speedUpWant(deps: ShopDeps, simId: number, now: number): Promise<SpeedWant | null> {
  const o = await repo.speedUpInForce(deps.db, simId, now);
  return o ? { speedCode: o.speed_code, until: Number(o.end_at) } : null;
}

/** The purchase's own first call, right after its commit; waited for at most 2 s. */
async function firstTry(deps: ShopDeps, o: OrderRow): Promise<void> {
  const attempt = call(deps, { ...o, carrier_tries: 0 }, deps.now()).catch((err) => deps.log.error({ err }, 'speed-up first try failed'));
  await Promise.race([attempt, new Promise((resolve) => setTimeout(resolve, FIRST_TRY_WAIT_MS).unref())]);
}

/** Runs the due carrier calls (all cards, or one card's when it asks for its orders). Returns how many were made. */
export async function runDueSpeedChanges(deps: ShopDeps, now: number, simId?: number): Promise<number> {
  let made = 0;
  for (const o of await repo.dueSpeedChanges(deps.db, now, 100, simId)) {
    // "applied" is due when its window ends: its call is the restore.
    const due = o.carrier_state === 'applied' ? { ...o, carrier_state: 'restore' as const } : o;
    if (!(await claim(deps, o, now))) continue;
    await call(deps, due, now);
    made++;
  }
  return made;
}

async function runDueFor(deps: ShopDeps, simId: number, now: number): Promise<void> {
  await runDueSpeedChanges(deps, now, simId).catch((err) => deps.log.error({ err }, 'speed-up calls failed'));
}

/** Unpaid orders past their time are closed (a payment arriving later is judged again). */
export async function closeUnpaidAccelerate(deps: ShopDeps, now: number): Promise<number> {
  let closed = 0;
  for (const { id } of await repo.expiredUnpaidAccelerate(deps.db, now, 100)) {
    for (const p of await deps.payments.pendingOf(ACCELERATE_ORDER_TYPE, id)) await deps.payments.reconcileOne(p);
    if (await repo.moveAccelerate(deps.db, id, { status: [0] }, { status: 3, remark: 'not paid in time', updated_at: now })) closed++;
  }
  return closed;
}

// ── Payments of orders placed at the cashier ────────────────────────────────────────────────────

async function onPaid(deps: ShopDeps, trx: Transaction<Database>, p: PaymentRow, now: number): Promise<'applied' | { refund: string }> {
  const o = await repo.lockAccelerateOrder(trx, deps.dialect, p.order_id);
  if (!o) return { refund: 'order not found' };
  if (o.actual_pay_money !== p.amount) return { refund: 'amount differs from the order' };
  if (o.status !== 0 && o.status !== 3) return { refund: 'the order was already paid' };
  const card = await lockCard(trx, deps.dialect, o.sim_id);
  try {
    await assertMayAccelerate(trx, card, now);
  } catch (err) {
    if (!(err instanceof BizError)) throw err;
    await repo.moveAccelerate(trx, o.id, { status: [0, 3] }, { status: 3, remark: err.message, payment_no: p.payment_no, updated_at: now });
    return { refund: err.message };
  }
  // The window starts when the money arrives; the carrier call is due at once (the job, or the order page's poll).
  await repo.moveAccelerate(
    trx,
    o.id,
    { status: [0, 3] },
    {
      status: 1,
      paid_at: p.paid_at ?? now,
      payment_no: p.payment_no,
      expires_at: null,
      start_at: now,
      end_at: now + o.duration_hours * HOUR,
      carrier_state: 'apply',
      carrier_due_at: now,
      carrier_tries: 0,
      updated_at: now,
    },
  );
  await notePerksUntil(trx, o.sim_id, now + o.duration_hours * HOUR);
  deps.sims.forgetSimInfo(o.sim_id);
  return 'applied';
}

/** The money of a paid order went back (an operator's refund): the window ends now and the speed is restored. */
async function onRefunded(deps: ShopDeps, trx: Transaction<Database>, p: PaymentRow, now: number): Promise<void> {
  const o = await repo.lockAccelerateOrder(trx, deps.dialect, p.order_id);
  if (!o || o.payment_no !== p.payment_no || o.status !== 1) return;
  const wasAtCarrier = o.carrier_state === 'applied' || o.carrier_state === 'apply';
  await repo.moveAccelerate(
    trx,
    o.id,
    { status: [1] },
    {
      status: 2,
      refund_at: now,
      refund_money: p.amount,
      refund_remark: p.refund_reason,
      refund_type: 1,
      end_at: Math.min(o.end_at, now),
      carrier_state: wasAtCarrier ? 'restore' : o.carrier_state,
      carrier_due_at: wasAtCarrier ? now : o.carrier_due_at,
      carrier_tries: 0,
      updated_at: now,
    },
  );
  deps.sims.forgetSimInfo(o.sim_id);
}

export function registerAccelerateOrderType(deps: ShopDeps): void {
  deps.payments.registerOrderType(ACCELERATE_ORDER_TYPE, {
    onPaid: (trx, p, now) => onPaid(deps, trx, p, now),
    onRefunded: (trx, p, now) => onRefunded(deps, trx, p, now),
  });
}

export function accelerateJobs(deps: ShopDeps): Job[] {
  return [
    { name: 'iot.accelerate', everyMs: 5_000, run: (now) => runDueSpeedChanges(deps, now) },
    { name: 'iot.accelerate.closeUnpaid', everyMs: 60_000, run: (now) => closeUnpaidAccelerate(deps, now) },
  ];
}

/** The order of the card by number (the cashier's return page). */
export async function accelerateOrderOf(deps: ShopDeps, simId: number, orderSn: string, language: Language) {
  await runDueFor(deps, simId, deps.now());
  const o = await repo.accelerateOrderOfCard(deps.db, simId, orderSn);
  if (!o) throw invalid('orderSn', 'accelerate.noSuchOrder');
  return (await viewsOf(deps, [o], deps.now(), language))[0]!;
}
