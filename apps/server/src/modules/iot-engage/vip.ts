/**
 * VIP: plans sold from the balance (pay password when set). Each order is a window; one bought
 * while another runs (or waits) starts where the last ends. While a window runs its privileges take
 * effect: points of sign-in and tasks are multiplied. A refund (operator) returns the unused whole
 * days of the price through the ledger and ends the window.
 */

import { randomUUID } from 'node:crypto';
import type { VipOrder } from '@simshop/contract/iot';
import type { CreateVipOrderReply, VipListReply, VipPlan } from '@simshop/contract/iot-engage';
import type { Selectable } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { fail, invalid } from '../../lib/errors.ts';
import { idempotentTx } from '../../lib/idempotency.ts';
import { type Language, render } from '../../lib/messages.ts';
import { orderNumber } from '../../lib/order-no.ts';
import { textsFor } from '../i18n-texts/service.ts';
import { assertUsable, checkPayPassword, post, postOrFail } from '../iot-money/service.ts';
import { cardById, lockCard } from '../iot-sims/service.ts';
import * as repo from './repository.ts';
import { vipRefund, vipWindow } from './rules.ts';
import type { EngageDeps } from './tasks.ts';

type PlanRow = Selectable<Database['iot_vip_plans']>;
type OrderRow = Selectable<Database['iot_vip_orders']>;

function privileges(gi: string, multiplier: number, language: Language): VipPlan['privileges'] {
  return {
    gi,
    items: [
      {
        title: render('vip.pointsTitle', { times: multiplier }, language),
        icon: '',
        content: render('vip.pointsContent', { times: multiplier }, language),
      },
    ],
  };
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
    privileges: privileges(o.gi, o.points_multiplier, language),
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
export async function vipList(deps: EngageDeps, simId: number, language: Language): Promise<VipListReply> {
  const now = deps.now();
  const card = await cardById(deps.db, simId);
  const [plans, current, endAt, orders] = await Promise.all([
    repo.vipPlans(deps.db, card.promo_code),
    currentVipOrder(deps, simId, now, language),
    repo.vipEnd(deps.db, simId, now),
    repo.vipOrdersOf(deps.db, simId, 20),
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
      privileges: privileges(p.gi, p.points_multiplier, language),
    })),
    current,
    endAt,
    balance: card.balance,
    existPayPassword: card.pay_password_hash !== null,
    orders: orders.map((o) => vipOrderView(o, name(o), now, language)),
  };
}

/** POST /api/iot/createVipOrder: paid from the balance; the window starts now or where the card's last VIP ends. */
export async function createVipOrder(
  deps: EngageDeps,
  caller: { simId: number; idempotencyKey: string },
  body: { vipId: number; payPassword?: string },
  language: Language,
): Promise<CreateVipOrderReply> {
  const now = deps.now();
  // Checked before the key is claimed, so "41001, ask, retry with the same key" works.
  await checkPayPassword(deps.db, caller.simId, body.payPassword, now);
  const reply = await idempotentTx(
    deps.db,
    `iot.createVipOrder:${caller.simId}`,
    caller.idempotencyKey,
    { vipId: body.vipId },
    async (trx) => {
      const card = await lockCard(trx, deps.dialect, caller.simId);
      assertUsable(card);
      const plan = await repo.vipPlan(trx, card.promo_code, body.vipId);
      if (!plan) throw invalid('vipId', 'vip.noSuchPlan');
      const window = vipWindow(await repo.vipEnd(trx, card.id, now), now, plan.duration_days);
      const orderSn = orderNumber('V', now, 12);
      const balance = await postOrFail(trx, {
        simId: card.id,
        account: 'balance',
        delta: -plan.price,
        reason: 'vip_purchase',
        orderNo: orderSn,
        now,
      });
      const row = await repo.addVipOrder(trx, {
        order_sn: orderSn,
        uuid: randomUUID(),
        sim_id: card.id,
        vip_id: plan.id,
        place_type: 1,
        vip_name: plan.name,
        logo: plan.logo,
        gi: plan.gi,
        points_multiplier: plan.points_multiplier,
        package_price: Math.max(plan.original_price, plan.price),
        actual_pay_money: plan.price,
        start_at: window.startAt,
        end_at: window.endAt,
        status: 1,
        created_at: now,
        updated_at: now,
      });
      return { row, balance };
    },
    now,
  );
  deps.sims.forgetSimInfo(caller.simId);
  const name = await namesOf(deps, language, [reply.row]);
  return { order: vipOrderView(reply.row, name(reply.row), now, language), balance: reply.balance };
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
