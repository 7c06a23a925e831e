/** Helpers shared by the iot-money API tests (imported by *.api.test.ts only). */
import { randomBytes, randomInt } from 'node:crypto';
import type { LedgerAccount } from '@simshop/contract/iot-money';
import type { Insertable } from 'kysely';
import { expect } from 'vitest';
import { body } from '../../../test/helpers.ts';
import type { IotSimsTable } from '../../db/schema-iot.ts';
import type { IotPackagesTable } from '../../db/schema-iot-money.ts';
import type { App } from '../../lib/route.ts';
import { SIGNATURE_HEADER, signNotification } from '../../providers/payment/sandbox.ts';
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

const digits = (n: number) => Array.from({ length: n }, () => randomInt(0, 10)).join('');

/**
 * A test's own card of the demo promoter: active, real-named, with a bound phone, no money and no
 * package. Returns its number.
 */
export async function newCard(app: App, p: Partial<Insertable<IotSimsTable>> = {}, now = Date.now()): Promise<string> {
  const simNo = `1449${digits(9)}`;
  await app.db.db
    .insertInto('iot_sims')
    .values({
      sim_no: simNo,
      iccid: `8986049${digits(13)}`,
      mobile: `139${digits(8)}`,
      promo_code: 'demo',
      status: 1,
      sim_status: 2,
      auth_status: 1,
      numb_auth: 1,
      device_id: null,
      card_password_hash: null,
      pay_password_hash: null,
      end_at: null,
      volume_package_id: null,
      last_robin_at: null,
      break_rule_id: null,
      break_at: null,
      break_remove_at: null,
      activated_at: now,
      created_at: now,
      updated_at: now,
      ...p,
    } as never)
    .execute();
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
