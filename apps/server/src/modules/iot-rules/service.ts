/**
 * Standing rules of a SIM card (decision 0044).
 *
 * Auto top-up: the product keeps no saved payment method, so a rule never charges by itself. When
 * the balance falls below the holder's amount, the job reserves one of the month's requests on the
 * rule row (a conditional update: however many runners see the card at once, at most `monthly_cap`
 * requests a month and one open at a time), records the request, then (committed, outside any
 * transaction) places a balance top-up order through iot-money with the request's idempotency key
 * and tells the holder in the app and by SMS; the holder pays it at the cashier with one tap. The
 * money moves only when the payment arrives, through iot-money's ledgers.
 *
 * Slow-down: past the holder's data in a China month, the card drops to a slow speed profile at the
 * carrier until the month ends. The rule row is the outbox of the carrier calls (as speed-ups do):
 * the job marks the profile due, claims the call on the row, makes it with no transaction open, and
 * restores the card's own speed when the month ends, the rule is paused, or deleted.
 */
import { randomUUID } from 'node:crypto';
import type { AutoRulesReply, SaveSlowdownRuleBody, SaveTopupRuleBody, SlowdownRule, TopupRequest } from '@simshop/contract/iot-rules';
import type { MessageId } from '@simshop/contract/messages';
import type { FastifyBaseLogger } from 'fastify';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/kysely.ts';
import type { IotRuleTables } from '../../db/schema-iot-rules.ts';
import { NO_SHOPPER } from '../../lib/context.ts';
import { BizError, fail, invalid } from '../../lib/errors.ts';
import { chinaMonth } from '../../lib/flow-math.ts';
import type { Job } from '../../lib/jobs.ts';
import { type Language, type Param, render, termOr } from '../../lib/messages.ts';
import { ProvisionError } from '../../providers/carrier/types.ts';
import type { CardSpeeds, SpeedWant } from '../iot-carrier/service.ts';
import { checkPayPassword, type MoneyTopups } from '../iot-money/service.ts';
import { type Card, cardById } from '../iot-sims/service.ts';
import type { Sms } from '../sms/service.ts';

export interface RuleDeps {
  db: Db;
  /** The card's speed at the carrier (iot-carrier). */
  speeds: CardSpeeds;
  /** Balance top-ups (iot-money). */
  topups: MoneyTopups;
  sms: Pick<Sms, 'notify'>;
  /** Drops the card's cached SIM info (iot-sims). */
  forgetSimInfo: (simId: number) => void;
  log: FastifyBaseLogger;
  now: () => number;
}

type TopupRuleRow = Selectable<IotRuleTables['iot_topup_rules']>;
type RequestRow = Selectable<IotRuleTables['iot_topup_requests']>;
type SlowRow = Selectable<IotRuleTables['iot_slowdown_rules']>;

const PAGE = 200;
const SHOWN = 10;
const GB = 1024;
/** How long a claimed carrier call may take before another runner may try it again. */
export const SLOW_LEASE_MS = 30_000;
const HOUR = 3_600_000;
const yuan = (fen: number) => `¥${(fen / 100).toFixed(2)}`;
/** Where the cashier comes back to, and the page the SMS sends the holder to. */
export const RULES_PAGE = 'pages-sub/iot/index/autoRules/index';

/** Start of the China month after the one holding `ms`. */
export function nextMonthStart(ms: number): number {
  const [y, m] = chinaMonth(ms).split('-').map(Number) as [number, number];
  return Date.UTC(y, m, 1) - 8 * HOUR;
}

/** When a slow-down decided on `decided_at` ends: the start of the next China month. */
const slowEnd = (r: { decided_at: number | null }, now: number) => nextMonthStart(Number(r.decided_at ?? now));

/** Wait before the next try after `tries` calls without an answer: 10 s, 20 s, 40 s... at most 10 min. */
const retryDelay = (tries: number) => Math.min(10_000 * 2 ** Math.max(0, tries - 1), 600_000);

function monthUse(card: Card, now: number): number {
  return card.usage_month === chinaMonth(now) ? Number(card.month_use_flow) : 0;
}

// ── Views ────────────────────────────────────────────────────────────────────────────────────────

/** A refusal kept on a row ({id, params}), worded in the reader's language. */
function worded(message: string, language: Language): string {
  if (!message.startsWith('{')) return message;
  try {
    const m = JSON.parse(message) as { id: MessageId; params: Record<string, Param> };
    return render(m.id, m.params, language);
  } catch {
    return message;
  }
}

const kept = (err: BizError) => JSON.stringify({ id: err.id, params: err.params });

function requestView(r: RequestRow, language: Language): TopupRequest {
  return {
    id: Number(r.id),
    amount: Number(r.amount),
    balance: Number(r.balance),
    state: r.state,
    orderNo: r.order_no,
    payUrl: r.state === 'open' ? r.pay_url : '',
    message: worded(r.message, language),
    texted: r.texted === 1,
    createdAt: Number(r.created_at),
  };
}

async function slowView(deps: RuleDeps, r: SlowRow, now: number, language: Language): Promise<SlowdownRule> {
  const state: SlowdownRule['state'] =
    r.state === 'apply'
      ? 'slowing'
      : r.state === 'applied'
        ? 'slowed'
        : r.state === 'restore'
          ? 'restoring'
          : r.state === 'refused' && r.month === chinaMonth(now)
            ? 'refused'
            : 'watching';
  const inForce = state === 'slowed' || state === 'slowing';
  // What the card runs on is decided by rank (iot-carrier's CardSpeeds): a paid speed-up outranks the rule.
  const wanted = inForce ? await deps.speeds.wanted(Number(r.sim_id), now) : null;
  return {
    limitGb: Math.round(r.limit_mb / GB),
    speed: r.speed_code as SlowdownRule['speed'],
    paused: r.paused === 1,
    state,
    slowedUntil: inForce ? slowEnd(r, now) : null,
    speedUpUntil: wanted && wanted.speedCode !== r.speed_code ? wanted.until : null,
    message: state === 'refused' ? worded(r.message, language) : '',
  };
}

/** GET /api/iot/autoRules */
export async function autoRules(deps: RuleDeps, simId: number, language: Language): Promise<AutoRulesReply> {
  const { db } = deps.db;
  const now = deps.now();
  await settleOpenRequests(deps, now, simId).catch((err) => deps.log.error({ err }, 'top-up requests not settled'));
  const [card, topup, slow, requests, choose] = await Promise.all([
    cardById(db, simId),
    db.selectFrom('iot_topup_rules').selectAll().where('sim_id', '=', simId).executeTakeFirst(),
    db.selectFrom('iot_slowdown_rules').selectAll().where('sim_id', '=', simId).where('removed', '=', 0).executeTakeFirst(),
    db.selectFrom('iot_topup_requests').selectAll().where('sim_id', '=', simId).orderBy('id', 'desc').limit(SHOWN).execute(),
    deps.topups.choose(simId, language),
  ]);
  const month = chinaMonth(now);
  const used = topup && topup.month === month ? topup.used : 0;
  const open = topup?.open_request_id ? requests.find((r) => Number(r.id) === Number(topup.open_request_id)) : undefined;
  return {
    topup: topup
      ? {
          below: Number(topup.below),
          amount: Number(topup.amount),
          monthlyCap: topup.monthly_cap,
          method: topup.method,
          paused: topup.paused === 1,
          usedThisMonth: used,
          capped: used >= topup.monthly_cap,
          open: open ? requestView(open, language) : null,
        }
      : null,
    slowdown: slow ? await slowView(deps, slow, now, language) : null,
    requests: requests.map((r) => requestView(r, language)),
    balance: Number(card.balance),
    monthUseMb: monthUse(card, now),
    existPayPassword: card.pay_password_hash !== null,
    hasBoundPhone: card.mobile !== '',
    minAmount: choose.minAmount,
    maxAmount: choose.maxAmount,
    payMethods: choose.payMethods,
  };
}

// ── Auto top-up: the holder's rule ──────────────────────────────────────────────────────────────

/** What the top-up of a rule is at the cashier: a custom amount, or the storefront's offer of that amount. */
async function topupBody(deps: RuleDeps, simId: number, amount: number, method: string) {
  const choose = await deps.topups.choose(simId, 'en');
  if (!choose.payMethods.some((m) => m.method === method)) {
    throw invalid('method', 'money.methodNotOffered', {
      method: termOr('term.payMethod', method),
      methods: choose.payMethods.map((m) => termOr('term.payMethod', m.method)),
    });
  }
  if (choose.allowCustom && amount >= choose.minAmount && amount <= choose.maxAmount) return { amount, method };
  const offer = choose.offers.find((o) => o.payAmount === amount);
  if (offer) return { offerId: offer.id, method };
  throw invalid('amount', 'rules.amountRange', { min: yuan(choose.minAmount), max: yuan(choose.maxAmount) });
}

/** POST /api/iot/autoRules/topup: sets the rule, confirmed with the pay password (its lock applies). */
export async function saveTopupRule(deps: RuleDeps, simId: number, body: SaveTopupRuleBody, language: Language): Promise<AutoRulesReply> {
  const { db } = deps.db;
  const now = deps.now();
  const card = await cardById(db, simId);
  if (card.pay_password_hash === null) throw invalid('payPassword', 'rules.payPasswordFirst');
  await topupBody(deps, simId, body.amount, body.method);
  await checkPayPassword(db, simId, body.payPassword, now);
  const values = { below: body.below, amount: body.amount, monthly_cap: body.monthlyCap, method: body.method, language, updated_at: now };
  await db
    .insertInto('iot_topup_rules')
    .values({ sim_id: simId, ...values, paused: 0, month: chinaMonth(now), used: 0, open_request_id: null, created_at: now })
    .onConflict((oc) => oc.column('sim_id').doUpdateSet({ ...values, paused: 0 }))
    .execute();
  return autoRules(deps, simId, language);
}

export async function pauseTopupRule(deps: RuleDeps, simId: number, paused: boolean, language: Language): Promise<AutoRulesReply> {
  const r = await deps.db.db
    .updateTable('iot_topup_rules')
    .set({ paused: paused ? 1 : 0, updated_at: deps.now() })
    .where('sim_id', '=', simId)
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) === 0) throw fail('rules.noTopupRule');
  return autoRules(deps, simId, language);
}

/** Deletes the rule; its requests stay in the list (an open one can still be paid). */
export async function deleteTopupRule(deps: RuleDeps, simId: number, language: Language): Promise<AutoRulesReply> {
  const r = await deps.db.db.deleteFrom('iot_topup_rules').where('sim_id', '=', simId).executeTakeFirst();
  if (Number(r.numDeletedRows) === 0) throw fail('rules.noTopupRule');
  return autoRules(deps, simId, language);
}

// ── Auto top-up: the job ────────────────────────────────────────────────────────────────────────

/**
 * Reserves one of the month's requests of the rule and records it, in one transaction: the
 * conditional update passes only while the rule is active, has no open request and is under its
 * cap (a new month starts the count again), so concurrent runners make at most one.
 */
async function reserve(deps: RuleDeps, rule: TopupRuleRow, balance: number, now: number): Promise<RequestRow | null> {
  const month = chinaMonth(now);
  return deps.db.db.transaction().execute(async (trx) => {
    const taken = await trx
      .updateTable('iot_topup_rules')
      .set((eb) => ({
        used: eb
          .case()
          .when('month', '=', month)
          .then(eb('used', '+', 1))
          .else(1)
          .end(),
        month,
        updated_at: now,
      }))
      .where('sim_id', '=', rule.sim_id)
      .where('paused', '=', 0)
      .where('open_request_id', 'is', null)
      .where((eb) => eb.or([eb('month', '!=', month), eb('used', '<', eb.ref('monthly_cap'))]))
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) !== 1) return null;
    const request = await trx
      .insertInto('iot_topup_requests')
      .values({ sim_id: rule.sim_id, month, amount: rule.amount, balance, state: 'open', created_at: now, updated_at: now })
      .returningAll()
      .executeTakeFirstOrThrow();
    await trx.updateTable('iot_topup_rules').set({ open_request_id: request.id }).where('sim_id', '=', rule.sim_id).execute();
    return request;
  });
}

async function endRequest(deps: RuleDeps, r: RequestRow, state: 'paid' | 'unpaid' | 'failed', message: string, now: number) {
  await deps.db.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('iot_topup_requests')
      .set({ state, message, updated_at: now })
      .where('id', '=', r.id)
      .where('state', '=', 'open')
      .execute();
    await trx.updateTable('iot_topup_rules').set({ open_request_id: null, updated_at: now }).where('open_request_id', '=', r.id).execute();
  });
}

/**
 * Places the request's top-up order (no transaction open; the request's key makes a repeat the same
 * order) and texts the holder once. A refusal ends the request as failed; no answer leaves it to
 * the next run.
 */
async function placeOrder(deps: RuleDeps, r: RequestRow, method: string, language: Language, now: number): Promise<void> {
  const card = await cardById(deps.db.db, r.sim_id);
  let orderNo: string;
  let payUrl: string;
  try {
    const body = await topupBody(deps, r.sim_id, Number(r.amount), method);
    const reply = await deps.topups.create(
      { simId: r.sim_id, simNo: card.sim_no, idempotencyKey: `autoTopup-${r.id}`, shopper: NO_SHOPPER },
      body,
      (no) => `/shop/#/${RULES_PAGE}?orderNo=${no}`,
    );
    orderNo = reply.order.orderNo;
    payUrl = reply.payment?.payUrl ?? '';
  } catch (err) {
    if (err instanceof BizError) return endRequest(deps, r, 'failed', kept(err), now);
    deps.log.warn({ err, requestId: r.id }, 'auto top-up order not placed; tried again later');
    return;
  }
  await deps.db.db
    .updateTable('iot_topup_requests')
    .set({ order_no: orderNo, pay_url: payUrl, updated_at: now })
    .where('id', '=', r.id)
    .execute();
  if (card.mobile !== '' && r.texted === 0) {
    const sent = await deps.sms.notify({
      mobile: card.mobile,
      kind: 'topupDue',
      language,
      values: { balance: yuan(Number(r.balance)), amount: yuan(Number(r.amount)) },
    });
    if (sent) await deps.db.db.updateTable('iot_topup_requests').set({ texted: 1 }).where('id', '=', r.id).execute();
  }
}

/** Asks for a top-up for each active rule whose card's balance is below its amount. Returns the requests made. */
export async function askForTopups(deps: RuleDeps, now: number): Promise<number> {
  const { db } = deps.db;
  const month = chinaMonth(now);
  let made = 0;
  let after = 0;
  for (;;) {
    const rules = await db
      .selectFrom('iot_topup_rules')
      .selectAll()
      .where('sim_id', '>', after)
      .where('paused', '=', 0)
      .where('open_request_id', 'is', null)
      .orderBy('sim_id')
      .limit(PAGE)
      .execute();
    for (const rule of rules) {
      if (rule.month === month && rule.used >= rule.monthly_cap) continue;
      const card = await cardById(db, rule.sim_id);
      if (Number(card.balance) >= Number(rule.below) || card.cancel_status !== 0 || card.status !== 1) continue;
      const request = await reserve(deps, rule, Number(card.balance), now);
      if (!request) continue;
      made++;
      await placeOrder(deps, request, rule.method, rule.language as Language, now);
    }
    if (rules.length < PAGE) return made;
    after = Number(rules[rules.length - 1]!.sim_id);
  }
}

/** Settles open requests (all, or one card's): paid or ended at the cashier, or an order still to place. */
export async function settleOpenRequests(deps: RuleDeps, now: number, simId?: number): Promise<number> {
  const { db } = deps.db;
  const open = await db
    .selectFrom('iot_topup_requests')
    .selectAll()
    .where('state', '=', 'open')
    .$if(simId !== undefined, (q) => q.where('sim_id', '=', simId!))
    .orderBy('id')
    .limit(PAGE)
    .execute();
  let settled = 0;
  for (const r of open) {
    if (r.order_no === '') {
      const rule = await db.selectFrom('iot_topup_rules').select(['method', 'language']).where('sim_id', '=', r.sim_id).executeTakeFirst();
      if (!rule) {
        await endRequest(deps, r, 'failed', '', now);
        continue;
      }
      await placeOrder(deps, r, rule.method, rule.language as Language, now);
      continue;
    }
    const { order } = await deps.topups.details(r.sim_id, r.order_no, 'en');
    if (order.status === 'pending') continue;
    const paid = order.status === 'paid' || order.status === 'effective' || order.status === 'refunded';
    await endRequest(deps, r, paid ? 'paid' : 'unpaid', '', now);
    settled++;
  }
  return settled;
}

// ── Slow-down: the holder's rule ────────────────────────────────────────────────────────────────

/** POST /api/iot/autoRules/slowdown */
export async function saveSlowdownRule(
  deps: RuleDeps,
  simId: number,
  body: SaveSlowdownRuleBody,
  language: Language,
): Promise<AutoRulesReply> {
  const { db } = deps.db;
  const now = deps.now();
  const card = await cardById(db, simId);
  const limitMb = body.limitGb * GB;
  await db.transaction().execute(async (trx) => {
    const current = await trx.selectFrom('iot_slowdown_rules').selectAll().where('sim_id', '=', simId).executeTakeFirst();
    if (!current) {
      await trx
        .insertInto('iot_slowdown_rules')
        .values({ sim_id: simId, limit_mb: limitMb, speed_code: body.speed, state: 'none', created_at: now, updated_at: now })
        .execute();
      return;
    }
    // A higher limit than this month's use ends a slow-down now; a new speed applies from the next one.
    const lift = (current.state === 'apply' || current.state === 'applied') && monthUse(card, now) < limitMb;
    await trx
      .updateTable('iot_slowdown_rules')
      .set({
        limit_mb: limitMb,
        speed_code: body.speed,
        paused: 0,
        removed: 0,
        ...(lift ? { state: 'restore' as const, due_at: now, tries: 0 } : {}),
        updated_at: now,
      })
      .where('sim_id', '=', simId)
      .execute();
  });
  return autoRules(deps, simId, language);
}

/** Pausing ends a slow-down at once (the card's own speed is set back); resuming watches again. */
export async function pauseSlowdownRule(deps: RuleDeps, simId: number, paused: boolean, language: Language): Promise<AutoRulesReply> {
  const now = deps.now();
  const r = await deps.db.db
    .updateTable('iot_slowdown_rules')
    .set({ paused: paused ? 1 : 0, updated_at: now })
    .where('sim_id', '=', simId)
    .where('removed', '=', 0)
    .executeTakeFirst();
  if (paused) {
    await deps.db.db
      .updateTable('iot_slowdown_rules')
      .set({ state: 'restore', due_at: now, tries: 0 })
      .where('sim_id', '=', simId)
      .where('state', 'in', ['apply', 'applied'])
      .execute();
  }
  if (Number(r.numUpdatedRows) === 0) throw fail('rules.noSlowdownRule');
  return autoRules(deps, simId, language);
}

/** Deletes the rule; while the card is slowed the row stays (hidden) until its own speed is set back. */
export async function deleteSlowdownRule(deps: RuleDeps, simId: number, language: Language): Promise<AutoRulesReply> {
  const now = deps.now();
  const { db } = deps.db;
  const gone = await db
    .deleteFrom('iot_slowdown_rules')
    .where('sim_id', '=', simId)
    .where('removed', '=', 0)
    .where('state', 'in', ['none', 'refused'])
    .executeTakeFirst();
  if (Number(gone.numDeletedRows) === 0) {
    const r = await db
      .updateTable('iot_slowdown_rules')
      .set({ paused: 1, removed: 1, state: 'restore', due_at: now, tries: 0, updated_at: now })
      .where('sim_id', '=', simId)
      .where('removed', '=', 0)
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) === 0) throw fail('rules.noSlowdownRule');
  }
  return autoRules(deps, simId, language);
}

// ── Slow-down: the job ──────────────────────────────────────────────────────────────────────────

/** Marks the carrier calls due: a slow-down for cards past their data, a restore in a new month. */
async function markDue(deps: RuleDeps, now: number): Promise<void> {
  const { db } = deps.db;
  const month = chinaMonth(now);
  let after = 0;
  for (;;) {
    const rules = await db
      .selectFrom('iot_slowdown_rules')
      .selectAll()
      .where('sim_id', '>', after)
      .where('paused', '=', 0)
      .where('state', 'in', ['none', 'refused', 'applied'])
      .orderBy('sim_id')
      .limit(PAGE)
      .execute();
    for (const r of rules) {
      if (r.state === 'applied') {
        if (r.month !== month) {
          await db
            .updateTable('iot_slowdown_rules')
            .set({ state: 'restore', due_at: now, tries: 0, updated_at: now })
            .where('sim_id', '=', r.sim_id)
            .where('state', '=', 'applied')
            .execute();
        }
        continue;
      }
      if (r.state === 'refused' && r.month === month) continue;
      const card = await cardById(db, r.sim_id);
      if (monthUse(card, now) < r.limit_mb) continue;
      await db
        .updateTable('iot_slowdown_rules')
        .set({ state: 'apply', month, decided_at: now, op_id: randomUUID(), due_at: now, tries: 0, message: '', updated_at: now })
        .where('sim_id', '=', r.sim_id)
        .where('state', '=', r.state)
        .where('paused', '=', 0)
        .execute();
    }
    if (rules.length < PAGE) return;
    after = Number(rules[rules.length - 1]!.sim_id);
  }
}

/** What the holder's slow-down wants of the card's speed (iot-carrier's CardSpeeds): its profile while in force this month. */
export async function slowdownWant(deps: RuleDeps, simId: number, now: number): Promise<SpeedWant | null> {
  const r = await deps.db.db
    .selectFrom('iot_slowdown_rules')
    .select(['speed_code', 'decided_at'])
    .where('sim_id', '=', simId)
    .where('state', 'in', ['apply', 'applied'])
    .where('paused', '=', 0)
    .where('removed', '=', 0)
    .executeTakeFirst();
  const until = r ? slowEnd(r, now) : 0;
  return r && until > now ? { speedCode: r.speed_code, until } : null;
}

/** Makes a claimed call at the carrier (no transaction open) and records its answer on the row. */
async function callCarrier(deps: RuleDeps, r: SlowRow, now: number): Promise<void> {
  const { db } = deps.db;
  const sim = await cardById(db, r.sim_id);
  const card = { simNo: sim.sim_no, iccid: sim.iccid, operatorType: sim.operator_type };
  const applying = r.state === 'apply';
  const until = slowEnd(r, now);
  try {
    // The card's speed is what is wanted now: this slow-down while it applies (unless a paid
    // speed-up runs, which outranks it), after it a running speed-up or the card's own speed.
    await deps.speeds.set(r.sim_id, card, `slow:${r.op_id}:${applying ? 'apply' : 'restore'}`, now);
  } catch (err) {
    if (applying && err instanceof ProvisionError) {
      await db
        .updateTable('iot_slowdown_rules')
        .set({ state: 'refused', due_at: null, message: err.message, updated_at: now })
        .where('sim_id', '=', r.sim_id)
        .where('state', '=', 'apply')
        .execute();
      return;
    }
    deps.log.warn({ err, simId: r.sim_id }, 'slow-down call to the carrier failed; tried again later');
    await db
      .updateTable('iot_slowdown_rules')
      .set({ due_at: now + retryDelay(r.tries + 1), updated_at: now })
      .where('sim_id', '=', r.sim_id)
      .where('state', '=', r.state)
      .execute();
    return;
  }
  if (applying) {
    // Slowed until the month ends: then the restore is due (a pause meanwhile moved it to "restore" already).
    await db
      .updateTable('iot_slowdown_rules')
      .set({ state: 'applied', due_at: until, tries: 0, updated_at: now })
      .where('sim_id', '=', r.sim_id)
      .where('state', '=', 'apply')
      .execute();
  } else {
    await db
      .deleteFrom('iot_slowdown_rules')
      .where('sim_id', '=', r.sim_id)
      .where('state', '=', 'restore')
      .where('removed', '=', 1)
      .execute();
    await db
      .updateTable('iot_slowdown_rules')
      .set({ state: 'none', due_at: null, tries: 0, updated_at: now })
      .where('sim_id', '=', r.sim_id)
      .where('state', 'in', ['restore', 'applied'])
      .execute();
  }
  deps.forgetSimInfo(r.sim_id);
}

/** Marks and makes the due slow-down calls. Returns how many calls were made. */
export async function runSlowdowns(deps: RuleDeps, now: number): Promise<number> {
  const { db } = deps.db;
  await markDue(deps, now);
  const due = await db.selectFrom('iot_slowdown_rules').selectAll().where('due_at', '<=', now).orderBy('due_at').limit(100).execute();
  let made = 0;
  for (const r of due) {
    // "applied" is due when its month ends: its call is the restore.
    const call = r.state === 'applied' ? { ...r, state: 'restore' as const } : r;
    if (call.state !== 'apply' && call.state !== 'restore') continue;
    const claimed = await db
      .updateTable('iot_slowdown_rules')
      .set({ due_at: now + SLOW_LEASE_MS, tries: r.tries + 1, updated_at: now })
      .where('sim_id', '=', r.sim_id)
      .where('state', '=', r.state)
      .where('due_at', '=', r.due_at)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) continue;
    await callCarrier(deps, call, now);
    made++;
  }
  return made;
}

export function ruleJobs(deps: RuleDeps): Job[] {
  return [
    { name: 'iot.autoTopup', everyMs: 60_000, run: async (now) => (await settleOpenRequests(deps, now)) + (await askForTopups(deps, now)) },
    { name: 'iot.slowdown', everyMs: 60_000, run: (now) => runSlowdowns(deps, now) },
  ];
}
