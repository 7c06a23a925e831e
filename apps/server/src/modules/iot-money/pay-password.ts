/**
 * The card's pay password: 6 digits, stored as a slow salted hash (scrypt, lib/password.ts) and
 * compared in constant time. Five wrong entries lock paying by password for 30 minutes for the
 * card, whichever session or server instance they come from (the counter is a database row).
 */
import { Code } from '@simshop/contract/codes';
import type { PayPassStatus } from '@simshop/contract/iot-money';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { BizError, fail, invalid } from '../../lib/errors.ts';
import { hashSecret, verifySecret } from '../../lib/password.ts';
import type { MoneyDeps } from './orders.ts';
import { weakPayPassword } from './rules.ts';

export const PAY_PASSWORD_RULES = { maxFails: 5, lockMs: 30 * 60_000 } as const;

/** HH:mm in China Standard Time, the time the holder reads on the phone. */
function clock(ms: number): string {
  return new Date(ms + 8 * 3_600_000).toISOString().slice(11, 16);
}

export function lockedRefusal(until: number, now: number) {
  const minutes = Math.max(1, Math.ceil((until - now) / 60_000));
  return fail('payPassword.locked', { count: PAY_PASSWORD_RULES.maxFails, time: clock(until), minutes });
}

async function guard(db: Kysely<Database>, simId: number) {
  return db.selectFrom('iot_pay_password_guard').selectAll().where('sim_id', '=', simId).executeTakeFirst();
}

export async function payPassStatus(db: Kysely<Database>, simId: number, now: number): Promise<PayPassStatus> {
  const [sim, g] = await Promise.all([
    db.selectFrom('iot_sims').select('pay_password_hash').where('id', '=', simId).executeTakeFirstOrThrow(),
    guard(db, simId),
  ]);
  const locked = (g?.locked_until ?? 0) > now;
  return {
    existPayPassword: sim.pay_password_hash !== null,
    locked,
    lockedUntil: locked ? (g?.locked_until ?? null) : null,
    attemptsLeft: locked ? 0 : PAY_PASSWORD_RULES.maxFails - (g?.fails ?? 0),
  };
}

/** A wrong entry: counted atomically; the fifth locks the card for 30 minutes. */
async function recordWrong(db: Kysely<Database>, simId: number, now: number): Promise<never> {
  const row = await db
    .insertInto('iot_pay_password_guard')
    .values({ sim_id: simId, fails: 1, locked_until: null, updated_at: now })
    .onConflict((oc) => oc.column('sim_id').doUpdateSet((eb) => ({ fails: eb('iot_pay_password_guard.fails', '+', 1), updated_at: now })))
    .returning('fails')
    .executeTakeFirstOrThrow();
  if (row.fails >= PAY_PASSWORD_RULES.maxFails) {
    const until = now + PAY_PASSWORD_RULES.lockMs;
    await db
      .updateTable('iot_pay_password_guard')
      .set({ fails: 0, locked_until: until, updated_at: now })
      .where('sim_id', '=', simId)
      .where('fails', '>=', PAY_PASSWORD_RULES.maxFails)
      .execute();
    throw lockedRefusal(until, now);
  }
  const left = PAY_PASSWORD_RULES.maxFails - row.fails;
  throw invalid('payPassword', 'payPassword.wrong', { left });
}

/**
 * Checks the card's pay password (the pay-password check of buyPackage). Answers 41001 when the
 * card has one and none was given; refuses while locked; counts wrong entries.
 */
export async function checkPayPassword(db: Kysely<Database>, simId: number, given: string | undefined, now: number): Promise<void> {
  const sim = await db.selectFrom('iot_sims').select('pay_password_hash').where('id', '=', simId).executeTakeFirstOrThrow();
  if (sim.pay_password_hash === null) return;
  if (!given) throw new BizError(Code.PAY_PASSWORD_REQUIRED, 'payPassword.required');
  const g = await guard(db, simId);
  if (g?.locked_until && g.locked_until > now) throw lockedRefusal(g.locked_until, now);
  if (!(await verifySecret(given, sim.pay_password_hash))) await recordWrong(db, simId, now);
  if (g && g.fails > 0) {
    await db.updateTable('iot_pay_password_guard').set({ fails: 0, updated_at: now }).where('sim_id', '=', simId).execute();
  }
}

export interface UpdatePayPass {
  payPassword: string;
  oldPayPassword?: string | undefined;
  code?: string | undefined;
}

/**
 * Sets the pay password the first time; changes it only with the current one (subject to the
 * lock) or with an SMS code sent to the bound phone (which also lifts a lock).
 */
export async function updatePayPassword(
  deps: MoneyDeps,
  sim: { simId: number; simNo: string },
  input: UpdatePayPass,
  env: { ip: string; now: number },
): Promise<PayPassStatus> {
  const { now } = env;
  const { db } = deps.db;
  if (weakPayPassword(input.payPassword)) {
    throw invalid('payPassword', 'payPassword.tooEasy');
  }
  const row = await db.selectFrom('iot_sims').select(['pay_password_hash', 'mobile']).where('id', '=', sim.simId).executeTakeFirstOrThrow();
  if (row.pay_password_hash !== null) {
    if (input.code) {
      if (!row.mobile) throw invalid('code', 'payPassword.noBoundPhone');
      await deps.simLogin.useCardCode(sim.simId, sim.simNo, input.code, env.ip, now);
    } else if (input.oldPayPassword) {
      await checkPayPassword(db, sim.simId, input.oldPayPassword, now).catch((err) => {
        // A wrong current password is reported against the field the holder typed it in.
        if (err instanceof BizError && err.field === 'payPassword') throw err.about('oldPayPassword');
        throw err;
      });
    } else {
      throw invalid('oldPayPassword', 'payPassword.oldOrCode');
    }
  }
  const hash = await hashSecret(input.payPassword);
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('iot_sims').set({ pay_password_hash: hash, updated_at: now }).where('id', '=', sim.simId).execute();
    await trx.deleteFrom('iot_pay_password_guard').where('sim_id', '=', sim.simId).execute();
  });
  deps.sims.forgetSimInfo(sim.simId);
  return payPassStatus(db, sim.simId, now);
}
