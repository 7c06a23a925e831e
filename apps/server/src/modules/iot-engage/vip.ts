/**
 * VIP: plans sold from the balance (pay password when set). Each order is a window; one bought
 * while another runs (or waits) starts where the last ends. While a window runs its privileges take
 * effect: points of sign-in and tasks are multiplied. A refund (operator) returns the unused whole
 * days of the price through the ledger and ends the window.
 */

import { randomUUID } from 'node:crypto';
import type { VipOrder } from '@simshop/contract/iot';
import type { CreateVipOrderReply, VipListReply, VipOrderDetailsReply, VipPlan } from '@simshop/contract/iot-engage';
import type { PaymentView } from '@simshop/contract/payments';
import type { Selectable, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { BizError, fail, invalid } from '../../lib/errors.ts';
import { DAY_MS } from '../../lib/flow-math.ts';
import { idempotent, idempotentTx } from '../../lib/idempotency.ts';
import { type Language, render } from '../../lib/messages.ts';
import { orderNumber } from '../../lib/order-no.ts';
import { textsFor } from '../i18n-texts/service.ts';
import type { SimCaller } from '../iot-auth/service.ts';
import { assertUsable, checkPayPassword, post, postOrFail } from '../iot-money/service.ts';
import { cardById, lockCard, notePerksUntil } from '../iot-sims/service.ts';
import type { PaymentRow } from '../payments/service.ts';
import { checkMethod, openPayment, payMethodsFor, type ShopDeps, VIP_ORDER_TYPE } from './online.ts';
import * as repo from './repository.ts';
import { vipRefund, vipWindow } from './rules.ts';
import type { EngageDeps } from './tasks.ts';

type PlanRow = Selectable<Database['iot_vip_plans']>;
type OrderRow = Selectable<Database['iot_vip_orders']>;

/** "5%" for a discount of 95 (percent paid). */
const offText = (discount: number) => `${100 - discount}%`;

function privileges(gi: string, multiplier: number, discount: number, language: Language): VipPlan['privileges'] {
  const items: VipPlan['privileges']['items'] = [
    {
      title: render('vip.pointsTitle', { times: multiplier }, language),
      icon: '',
      content: render('vip.pointsContent', { times: multiplier }, language),
    },
  ];
  if (discount < 100) {
    items.push({
      title: render('vip.discountTitle', { off: offText(discount) }, language),
      icon: '',
      content: render('vip.discountContent', { off: offText(discount) }, language),
    });
  }
  return { gi, items };
}

export function vipOrderView(o: OrderRow, name: string, now: number, language: Language): VipOrder {
  return {
    id: o.id,
    simId: o.sim_id,
    vipId: o.vip_id,
    uuid: o.uuid,
    orderSn: o.order_sn,
    placeType: o.place_type,
    actualPayMoney: o.actual_pay_money,
    vipName: name,
    logo: o.logo,
    packagePrice: o.package_price,
    privileges: privileges(o.gi, o.points_multiplier, o.package_discount, language),
    startAt: o.start_at,
    endAt: o.end_at,
    validTag: o.status === 1 && o.start_at <= now && now < o.end_at ? 1 : 0,
    refundAt: o.refund_at,
    refundRemark: o.refund_remark,
    refundType: o.refund_type,
    remark: o.remark,
    status: o.status,
    updatedAt: o.updated_at,
    createdAt: o.created_at,
    packageDiscount: o.package_discount,
    payMethod: o.pay_method,
  };
}

async function namesOf(deps: EngageDeps, language: Language, rows: { vip_id: number; vip_name: string }[]) {
  const texts = await textsFor(
    deps.db,
    language,
    'iot_vip_plan',
    rows.map((r) => r.vip_id),
  );
  return (r: { vip_id: number; vip_name: string }) => texts.text(r.vip_id, 'name', r.vip_name);
}

/** The VIP of the card in effect now, in the language (SIM info's vipOrder), or null. */
export async function currentVipOrder(deps: EngageDeps, simId: number, now: number, language: Language): Promise<VipOrder | null> {
  const row = await repo.runningVip(deps.db, simId, now);
  if (!row) return null;
  const name = await namesOf(deps, language, [row]);
  return vipOrderView(row, name(row), now, language);
}

/** GET /api/iot/vipList */
export async function vipList(deps: ShopDeps, simId: number, language: Language): Promise<VipListReply> {
  const now = deps.now();
  const card = await cardById(deps.db, simId);
  const [plans, current, endAt, orders, payMethods] = await Promise.all([
    repo.vipPlans(deps.db, card.promo_code),
    currentVipOrder(deps, simId, now, language),
    repo.vipEnd(deps.db, simId, now),
    repo.vipOrdersOf(deps.db, simId, 20),
    payMethodsFor(deps, card.promo_code),
  ]);
  const name = await namesOf(deps, language, [...plans.map((p) => ({ vip_id: p.id, vip_name: p.name })), ...orders]);
  return {
    plans: plans.map((p: PlanRow) => ({
      id: p.id,
      name: name({ vip_id: p.id, vip_name: p.name }),
      logo: p.logo,
      price: p.price,
      originalPrice: Math.max(p.original_price, p.price),
      durationDays: p.duration_days,
      packageDiscount: p.package_discount,
      privileges: privileges(p.gi, p.points_multiplier, p.package_discount, language),
    })),
    current,
    endAt,
    balance: card.balance,
    existPayPassword: card.pay_password_hash !== null,
    payMethods,
    orders: orders.map((o) => vipOrderView(o, name(o), now, language)),
  };
}

/** The row of a new VIP order; a paid one has its window, an unpaid one shows the window it would have. */
function newVipOrder(
  card: { id: number },
  plan: PlanRow,
  window: { startAt: number; endAt: number },
  now: number,
  method: string,
  holdMs: number,
) {
  const paid = method === 'balance';
  return {
    order_sn: orderNumber('V', now, 12),
    uuid: randomUUID(),
    sim_id: card.id,
    vip_id: plan.id,
    place_type: paid ? 1 : 2,
    pay_method: method,
    vip_name: plan.name,
    logo: plan.logo,
    gi: plan.gi,
    points_multiplier: plan.points_multiplier,
    package_discount: plan.package_discount,
    package_price: Math.max(plan.original_price, plan.price),
    actual_pay_money: plan.price,
    start_at: window.startAt,
    end_at: window.endAt,
    status: paid ? 1 : 0,
    expires_at: paid ? null : now + holdMs,
    created_at: now,
    updated_at: now,
  };
}

/**
 * POST /api/iot/createVipOrder: paid from the balance (the window starts now or where the card's
 * last VIP ends), or at the cashier (the window is set when the payment arrives).
 */
export async function createVipOrder(
  deps: ShopDeps,
  caller: SimCaller,
  body: { vipId: number; payMethod?: string; payPassword?: string },
  language: Language,
): Promise<CreateVipOrderReply> {
  const now = deps.now();
  const method = body.payMethod ?? 'balance';
  const scope = `iot.createVipOrder:${caller.simId}`;
  if (method !== 'balance') {
    return idempotent(
      deps.db,
      scope,
      caller.idempotencyKey,
      { vipId: body.vipId, payMethod: method },
      async () => {
        const card = await cardById(deps.db, caller.simId);
        const allowed = await checkMethod(deps, card.promo_code, method, 'payMethod');
        const row = await deps.db.transaction().execute(async (trx) => {
          const locked = await lockCard(trx, deps.dialect, caller.simId);
          assertUsable(locked);
          const plan = await repo.vipPlan(trx, locked.promo_code, body.vipId);
          if (!plan) throw invalid('vipId', 'vip.noSuchPlan');
          const window = vipWindow(await repo.vipEnd(trx, locked.id, now), now, plan.duration_days);
          return repo.addVipOrder(trx, newVipOrder(locked, plan, window, now, method, deps.holdMs));
        });
        let payment: PaymentView;
        try {
          payment = await openPayment(
            deps,
            {
              orderType: VIP_ORDER_TYPE,
              id: row.id,
              orderSn: row.order_sn,
              amount: row.actual_pay_money,
              subject: `会员 ${row.vip_name}`,
              method,
              expiresAt: row.expires_at ?? now + deps.holdMs,
              shopper: caller.shopper,
            },
            allowed,
            'pages-sub/iot/user/vip',
          );
        } catch (err) {
          await repo.setVipOrder(deps.db, row.id, [0], { status: 3, remark: 'payment could not be opened', updated_at: now });
          throw err;
        }
        const name = await namesOf(deps, language, [row]);
        return { order: vipOrderView(row, name(row), now, language), balance: card.balance, payment };
      },
      now,
    );
  }
  // Checked before the key is claimed, so "41001, ask, retry with the same key" works.
  await checkPayPassword(deps.db, caller.simId, body.payPassword, now);
  const reply = await idempotentTx(
    deps.db,
    scope,
    caller.idempotencyKey,
    { vipId: body.vipId },
    async (trx) => {
      const card = await lockCard(trx, deps.dialect, caller.simId);
      assertUsable(card);
      const plan = await repo.vipPlan(trx, card.promo_code, body.vipId);
      if (!plan) throw invalid('vipId', 'vip.noSuchPlan');
      const window = vipWindow(await repo.vipEnd(trx, card.id, now), now, plan.duration_days);
      const fields = newVipOrder(card, plan, window, now, 'balance', deps.holdMs);
      const balance = await postOrFail(trx, {
        simId: card.id,
        account: 'balance',
        delta: -plan.price,
        reason: 'vip_purchase',
        orderNo: fields.order_sn,
        now,
      });
      const row = await repo.addVipOrder(trx, fields);
      await notePerksUntil(trx, card.id, row.end_at);
      return { row, balance };
    },
    now,
  );
  deps.sims.forgetSimInfo(caller.simId);
  const name = await namesOf(deps, language, [reply.row]);
  return { order: vipOrderView(reply.row, name(reply.row), now, language), balance: reply.balance, payment: null };
}

/** GET /api/iot/vipOrderDetails: one VIP order of the card and its payment (the cashier's return page). */
export async function vipOrderDetails(deps: ShopDeps, simId: number, orderSn: string, language: Language): Promise<VipOrderDetailsReply> {
  const o = await repo.vipOrderOfCard(deps.db, simId, orderSn);
  if (!o) throw invalid('orderSn', 'vip.noSuchOrder');
  const name = await namesOf(deps, language, [o]);
  const payment = o.pay_method === 'balance' ? null : await deps.payments.latestFor(VIP_ORDER_TYPE, o.id);
  return { order: vipOrderView(o, name(o), deps.now(), language), payment };
}

async function onVipPaid(deps: ShopDeps, trx: Transaction<Database>, p: PaymentRow, now: number): Promise<'applied' | { refund: string }> {
  const o = await repo.lockVipOrder(trx, deps.dialect, p.order_id);
  if (!o) return { refund: 'order not found' };
  if (o.actual_pay_money !== p.amount) return { refund: 'amount differs from the order' };
  if (o.status !== 0 && o.status !== 3) return { refund: 'the order was already paid' };
  const card = await lockCard(trx, deps.dialect, o.sim_id);
  try {
    assertUsable(card);
  } catch (err) {
    if (!(err instanceof BizError)) throw err;
    await repo.setVipOrder(trx, o.id, [0, 3], { status: 3, remark: err.message, payment_no: p.payment_no, updated_at: now });
    return { refund: err.message };
  }
  // The window is set when the money arrives: now, or where the card's last VIP ends.
  const days = Math.round((o.end_at - o.start_at) / DAY_MS);
  const window = vipWindow(await repo.vipEnd(trx, o.sim_id, now), now, days);
  await repo.setVipOrder(trx, o.id, [0, 3], {
    status: 1,
    payment_no: p.payment_no,
    expires_at: null,
    start_at: window.startAt,
    end_at: window.endAt,
    updated_at: now,
  });
  await notePerksUntil(trx, o.sim_id, window.endAt);
  deps.sims.forgetSimInfo(o.sim_id);
  return 'applied';
}

/** The money of a VIP paid at the cashier went back (refunded at the payment): the window ends now. */
async function onVipRefunded(deps: ShopDeps, trx: Transaction<Database>, p: PaymentRow, now: number): Promise<void> {
  const o = await repo.lockVipOrder(trx, deps.dialect, p.order_id);
  if (!o || o.payment_no !== p.payment_no || o.status !== 1) return;
  await repo.markVipRefunded(trx, o.id, {
    refund_at: now,
    refund_money: p.amount,
    refund_remark: p.refund_reason,
    refund_type: 1,
    end_at: Math.max(o.start_at, Math.min(o.end_at, now)),
    updated_at: now,
  });
  deps.sims.forgetSimInfo(o.sim_id);
}

export function registerVipOrderType(deps: ShopDeps): void {
  deps.payments.registerOrderType(VIP_ORDER_TYPE, {
    onPaid: (trx, p, now) => onVipPaid(deps, trx, p, now),
    onRefunded: (trx, p, now) => onVipRefunded(deps, trx, p, now),
  });
}

/** Unpaid VIP orders past their time are closed (a payment arriving later is judged again). */
export async function closeUnpaidVip(deps: ShopDeps, now: number): Promise<number> {
  let closed = 0;
  for (const { id } of await repo.expiredUnpaidVip(deps.db, now, 100)) {
    for (const p of await deps.payments.pendingOf(VIP_ORDER_TYPE, id)) await deps.payments.reconcileOne(p);
    if (await repo.setVipOrder(deps.db, id, [0], { status: 3, remark: 'not paid in time', updated_at: now })) closed++;
  }
  return closed;
}

/** Percent of a package's price the card pays now: its best VIP discount in effect (100 without one). */
export async function packageDiscountOf(db: EngageDeps['db'], simId: number, now: number): Promise<number> {
  return repo.bestVipDiscount(db, simId, now);
}

/**
 * Refunds a VIP order (an operator's decision): the unused whole days of what was paid go back to
 * the balance through the ledger (all of it before the window starts), and the window ends now.
 * Once per order: the order row is changed by a conditional update on its state.
 */
export async function refundVipOrder(deps: EngageDeps, orderSn: string, remark: string) {
  const now = deps.now();
  const done = await deps.db.transaction().execute(async (trx) => {
    const o = await repo.vipOrderBySn(trx, orderSn);
    if (!o) throw fail('vip.noSuchOrder');
    await lockCard(trx, deps.dialect, o.sim_id);
    const money = vipRefund(o.actual_pay_money, o.start_at, o.end_at, now);
    const ended = Math.max(o.start_at, Math.min(o.end_at, now));
    if (
      !(await repo.markVipRefunded(trx, o.id, {
        refund_at: now,
        refund_money: money,
        refund_remark: remark,
        refund_type: 1,
        end_at: ended,
        updated_at: now,
      }))
    ) {
      throw fail('vip.alreadyRefunded');
    }
    if (money > 0)
      await post(trx, { simId: o.sim_id, account: 'balance', delta: money, reason: 'vip_refund', orderNo: o.order_sn, remark, now });
    return { simId: o.sim_id, refund: money };
  });
  deps.sims.forgetSimInfo(done.simId);
  return done;
}

/** The points multiplier of the card's VIP in effect (1 without one), read in the caller's transaction. */
export async function pointsMultiplier(db: EngageDeps['db'], simId: number, now: number): Promise<number> {
  const row = await repo.runningVip(db, simId, now);
  return row?.points_multiplier ?? 1;
}
