/** Helpers shared by the iot-money API tests (imported by *.api.test.ts only). */
import { randomBytes, randomInt } from 'node:crypto';
import { DurationUnit, type DurationUnitValue } from '@simshop/contract/iot';
import type { LedgerAccount } from '@simshop/contract/iot-money';
import type { Insertable } from 'kysely';
import { expect } from 'vitest';
import { body } from '../../../test/helpers.ts';
import type { IotSimsTable } from '../../db/schema-iot.ts';
import type { IotPackagesTable } from '../../db/schema-iot-money.ts';
import { addDuration } from '../../lib/flow-math.ts';
import { hashSecret } from '../../lib/password.ts';
import type { App } from '../../lib/route.ts';
import { SIGNATURE_HEADER, signNotification } from '../../providers/payment/sandbox.ts';
import { syncSim } from '../iot-carrier/service.ts';
import { ledgerMismatches, post } from './ledger.ts';

export const key = () => randomBytes(16).toString('hex');

/** Logs a SIM in; returns its headers. */
export async function simLogin(app: App, sn: string, cardPassword?: string): Promise<Record<string, string>> {
  const b = body<{ token: string; simNo: string }>(
    await app.inject({
      method: 'POST',
      url: '/api/simLogin',
      payload: { sn, agreeProtocol: true, ...(cardPassword ? { cardPassword } : {}) },
      remoteAddress: `10.77.${randomBytes(1)[0]}.${randomBytes(1)[0]}`,
    }),
  );
  if (b.code !== 0) throw new Error(`login ${sn} failed: ${b.message}`);
  return { 'x-sim-token': b.data.token, 'x-sim-no': b.data.simNo };
}

/**
 * Logs in by the SMS code sent to the card's bound phone (the demo set-up hands the code back), as
 * a holder does: the session has proved possession of the card and reaches the device's secrets
 * and controls (decision 0105).
 */
export async function provenSimLogin(app: App, sn: string): Promise<Record<string, string>> {
  const remoteAddress = `10.78.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;
  const sent = body<{ devCode: string }>(await app.inject({ method: 'POST', url: '/api/simLoginCode', payload: { sn }, remoteAddress }));
  if (sent.code !== 0) throw new Error(`login code for ${sn} failed: ${sent.message}`);
  const b = body<{ token: string; simNo: string }>(
    await app.inject({
      method: 'POST',
      url: '/api/simLogin',
      payload: { sn, code: sent.data.devCode, agreeProtocol: true },
      remoteAddress,
    }),
  );
  if (b.code !== 0) throw new Error(`login ${sn} failed: ${b.message}`);
  return { 'x-sim-token': b.data.token, 'x-sim-no': b.data.simNo };
}

const digits = (n: number) => Array.from({ length: n }, () => randomInt(0, 10)).join('');

/**
 * A test's own card of the demo promoter: active, real-named, with a bound phone, no money and no
 * package (makeCard), with other columns of the card set as given. Returns its number.
 */
export async function newCard(app: App, p: Partial<Insertable<IotSimsTable>> = {}, now = Date.now()): Promise<string> {
  const money = (['balance', 'integral', 'coupon_coin', 'arrears_balance'] as const).filter((c) => c in p);
  if (money.length > 0) throw new Error(`newCard: ${money.join(', ')} go through the ledger, use makeCard's opening amounts`);
  const { id, simNo } = await makeCard(app, { mobile: uniqueMobile(), now });
  if (Object.keys(p).length > 0) await app.db.db.updateTable('iot_sims').set(p).where('id', '=', id).execute();
  return simNo;
}

export type Reply<T = any> = { code: number; message: string; data: T };

export function client(app: App, headers: Record<string, string>) {
  return {
    get: async <T = any>(url: string): Promise<Reply<T>> => body<T>(await app.inject({ url, headers })) as Reply<T>,
    post: async <T = any>(url: string, payload: unknown = {}, extra: Record<string, string> = {}): Promise<Reply<T>> =>
      body<T>(await app.inject({ method: 'POST', url, payload: payload as object, headers: { ...headers, ...extra } })) as Reply<T>,
  };
}

export async function simIdOf(app: App, simNo: string): Promise<number> {
  return (await app.db.db.selectFrom('iot_sims').select('id').where('sim_no', '=', simNo).executeTakeFirstOrThrow()).id;
}

export function card(app: App, simNo: string) {
  return app.db.db.selectFrom('iot_sims').selectAll().where('sim_no', '=', simNo).executeTakeFirstOrThrow();
}

/** Moves a card's account through the ledger (an operator adjustment), as the product would. */
export async function adjust(app: App, simNo: string, account: LedgerAccount, delta: number, now = Date.now()): Promise<void> {
  const simId = await simIdOf(app, simNo);
  await app.db.db.transaction().execute(async (trx) => {
    const after = await post(trx, { simId, account, delta, reason: 'adjustment', now });
    if (after === null) throw new Error('adjustment below zero');
  });
}

/** Every ledger of the card adds up to its total, and no total is negative. */
export async function expectLedgersExact(app: App, simNos?: string[]): Promise<void> {
  const ids = simNos ? await Promise.all(simNos.map((s) => simIdOf(app, s))) : undefined;
  expect(await ledgerMismatches(app.db.db, ids)).toEqual([]);
}

/** A catalogue package of the demo promoter for tests. */
export async function addPackage(app: App, p: Partial<Insertable<IotPackagesTable>> & { name: string; price: number }, now = Date.now()) {
  const row = await app.db.db
    .insertInto('iot_packages')
    .values({
      promo_code: 'demo',
      kind: 'base',
      flow_mb: 1024,
      duration: 1,
      duration_unit: 2,
      created_at: now,
      updated_at: now,
      ...p,
    } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The shopper pays on the sandbox cashier; returns the signed notification the sandbox would send. */
export async function payAtCashier(app: App, paymentNo: string, now: number, secret: string) {
  const res = await app.inject({
    method: 'POST',
    url: `/sandbox/cashier/${paymentNo}/pay`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: '',
  });
  expect(res.statusCode).toBe(303);
  const tr = await app.db.db.selectFrom('sandbox_trades').selectAll().where('payment_no', '=', paymentNo).executeTakeFirstOrThrow();
  const raw = JSON.stringify({
    event: 'trade.success',
    tradeNo: tr.trade_no,
    paymentNo,
    amount: tr.amount,
    status: 'SUCCESS',
    paidAt: now,
  });
  return { raw, headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signNotification(secret, now, raw) } };
}

/** Delivers a notification to the notify endpoint, as the provider's HTTP call would. */
export async function deliver(app: App, n: { raw: string; headers: Record<string, string> }) {
  const res = await app.inject({ method: 'POST', url: '/api/pay/notify/sandbox', payload: n.raw, headers: n.headers });
  return { status: res.statusCode, body: res.json() as { code: string } };
}

/** A SIM number no other card of any test has: 144 and ten random digits. */
export const uniqueSimNo = () => `144${digits(10)}`;

/** A package a card holds (kept in iot_sim_packages as the product writes it). */
export interface CardPackage {
  name?: string;
  kind?: 'base' | 'addon' | 'volume';
  flowMb?: number;
  unlimited?: boolean;
  gPrice?: number;
  price?: number;
  duration?: number;
  unit?: DurationUnitValue;
  /** Default: the card's `now`. */
  startsAt?: number;
  usedMb?: number;
}

export interface CardSpec {
  promoCode?: string;
  /** active: in service, real-named, data on; pending: awaiting activation; disabled / cancelled: not usable. */
  status?: 'active' | 'pending' | 'disabled' | 'cancelled';
  realname?: boolean;
  /** The promoter asks for real-name authentication on its platform before the card is used. */
  platformAuthRequired?: boolean;
  mobile?: string;
  operatorType?: number;
  cardPassword?: string;
  balance?: number;
  integral?: number;
  couponCoin?: number;
  arrears?: number;
  packages?: CardPackage[];
  /** A break under the rule of this code, started at `at`, removable after `delayMs`. */
  breakRule?: { code: string; at?: number; delayMs?: number };
  now?: number;
}

export interface MadeCard {
  id: number;
  simNo: string;
  iccid: string;
}

/**
 * A card of its own for one test, written to the tables the product uses: the card, its packages
 * (totals, end and data state computed by the carrier synchronisation), a break with its log entry,
 * and opening ledger entries for its money, so every ledger adds up.
 */
export async function makeCard(app: App, spec: CardSpec = {}): Promise<MadeCard> {
  const now = spec.now ?? Date.now();
  const status = spec.status ?? 'active';
  const simNo = uniqueSimNo();
  const iccid = `8986${digits(16)}`;
  const active = status === 'active' || status === 'disabled' || status === 'cancelled';
  const realname = spec.realname ?? active;
  const rule = spec.breakRule
    ? await app.db.db.selectFrom('iot_break_rules').select('id').where('code', '=', spec.breakRule.code).executeTakeFirstOrThrow()
    : null;
  const breakAt = spec.breakRule?.at ?? now;
  const row = await app.db.db
    .insertInto('iot_sims')
    .values({
      sim_no: simNo,
      iccid,
      imsi: `46004${digits(10)}`,
      mobile: spec.mobile ?? '',
      operator_type: spec.operatorType ?? 4,
      promo_code: spec.promoCode ?? 'demo',
      device_id: null,
      status: status === 'disabled' ? 2 : 1,
      sim_status: active ? 2 : 1,
      cancel_status: status === 'cancelled' ? 1 : 0,
      auth_status: realname ? 1 : 0,
      numb_auth: realname ? 1 : 0,
      platform_auth_required: spec.platformAuthRequired ? 1 : 0,
      card_password_hash: spec.cardPassword ? await hashSecret(spec.cardPassword) : null,
      pay_password_hash: null,
      end_at: null,
      volume_package_id: null,
      last_robin_at: now,
      usage_synced_at: now,
      break_rule_id: rule?.id ?? null,
      break_at: rule ? breakAt : null,
      break_remove_at: rule ? breakAt + (spec.breakRule?.delayMs ?? 0) : null,
      activated_at: active ? now : null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (rule) {
    await app.db.db
      .insertInto('iot_sim_breaks')
      .values({ sim_id: row.id, rule_id: rule.id, started_at: breakAt, removed_at: null })
      .execute();
  }
  for (const [i, p] of (spec.packages ?? []).entries()) {
    const duration = p.duration ?? 1;
    const unit = p.unit ?? DurationUnit.MONTH;
    const startsAt = p.startsAt ?? now;
    await app.db.db
      .insertInto('iot_sim_packages')
      .values({
        sim_id: row.id,
        name: p.name ?? `test package ${i + 1}`,
        kind: p.kind ?? 'base',
        flow_mb: p.flowMb ?? 1024,
        unlimited: p.unlimited ? 1 : 0,
        g_price: p.gPrice ?? 0,
        price: p.price ?? 0,
        duration,
        duration_unit: unit,
        starts_at: startsAt,
        ends_at: addDuration(startsAt, duration, unit),
        used_mb: p.usedMb ?? 0,
        status: startsAt <= now ? 'active' : 'pending',
        order_no: `TEST${row.id}${i + 1}`,
        created_at: now,
        updated_at: now,
      })
      .execute();
  }
  await syncSim(app.db, app.iotRoutedCarrier, row.id, now);
  const opening: [LedgerAccount, number | undefined][] = [
    ['balance', spec.balance],
    ['integral', spec.integral],
    ['coupon_coin', spec.couponCoin],
    ['arrears', spec.arrears],
  ];
  await app.db.db.transaction().execute(async (trx) => {
    for (const [account, delta] of opening) {
      if (delta) await post(trx, { simId: row.id, account, delta, reason: 'opening', now });
    }
  });
  return { id: row.id, simNo, iccid };
}

/** A card of its own, logged in: its numbers and a client on its session. */
export async function makeCardClient(app: App, spec: CardSpec = {}, login: { proven?: boolean } = {}) {
  // A proven login (an SMS code) needs a bound phone.
  const made = await makeCard(app, login.proven ? { mobile: uniqueMobile(), ...spec } : spec);
  const headers = login.proven ? await provenSimLogin(app, made.simNo) : await simLogin(app, made.simNo, spec.cardPassword);
  return { ...made, c: client(app, headers) };
}

/** A mobile number no other test uses: 138 and eight random digits. */
export const uniqueMobile = () => `138${digits(8)}`;

/**
 * Waits until no order is waiting for the carrier (tries already under way finish in the
 * background after a purchase has answered "paid").
 */
export async function provisioningSettled(app: App, timeoutMs = 30_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const left = await app.db.db.selectFrom('iot_provisioning').select('id').where('state', '=', 'pending').limit(1).execute();
    if (left.length === 0) return;
    if (Date.now() > until) throw new Error('orders still waiting for the carrier');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
