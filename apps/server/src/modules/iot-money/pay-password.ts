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
import { payPasswordOf, setPayPasswordHash } from '../iot-sims/service.ts';
import type { MoneyDeps } from './deps.ts';
import { weakPayPassword } from './rules.ts';

export const PAY_PASSWORD_RULES = { maxFails: 5, lockMs: 30 * 60_000 } as const;

/** HH:mm in China Standard Time, the time the holder reads on the phone. */
function clock(ms: number): string {
  return new Date(ms + 8 * 3_600_000).toISOString().slice(11, 16);
}

export function lockedRefusal(until: number, now: number) {
  // A request that started just before the lock was set reads it as a little over 30 minutes away.
  const minutes = Math.min(PAY_PASSWORD_RULES.lockMs / 60_000, Math.max(1, Math.ceil((until - now) / 60_000)));
  return fail('payPassword.locked', { count: PAY_PASSWORD_RULES.maxFails, time: clock(until), minutes });
}

async function guard(db: Kysely<Database>, simId: number) {
  return db.selectFrom('iot_pay_password_guard').selectAll().where('sim_id', '=', simId).executeTakeFirst();
}

type Guard = NonNullable<Awaited<ReturnType<typeof guard>>>;

/** Tries counted since the last lock ended (none once a lock has run out). */
const triesCounted = (g: Guard | undefined, now: number) => (g && (g.locked_until === null || g.locked_until > now) ? g.fails : 0);

export async function payPassStatus(db: Kysely<Database>, simId: number, now: number): Promise<PayPassStatus> {
  const [sim, g] = await Promise.all([payPasswordOf(db, simId), guard(db, simId)]);
  const locked = (g?.locked_until ?? 0) > now;
  return {
    existPayPassword: sim.pay_password_hash !== null,
    locked,
    lockedUntil: locked ? (g?.locked_until ?? null) : null,
    attemptsLeft: locked ? 0 : Math.max(0, PAY_PASSWORD_RULES.maxFails - triesCounted(g, now)),
  };
}

/**
 * Takes one of the card's tries before the password is compared, in one conditional upsert, so
 * that however many entries arrive at once (from any session or instance) at most `maxFails` are
 * ever compared before the lock. The try that takes the last slot locks the card at once; a right
 * entry then lifts it (`releaseTries`). A lock that has run out starts a new count. Returns the
 * tries counted with this one and the lock it set, or null when the card is locked.
 */
async function reserveTry(db: Kysely<Database>, simId: number, now: number): Promise<{ fails: number; lockedUntil: number | null } | null> {
  const { maxFails, lockMs } = PAY_PASSWORD_RULES;
  const until = now + lockMs;
  const row = await db
    .insertInto('iot_pay_password_guard')
    .values({ sim_id: simId, fails: 1, locked_until: maxFails <= 1 ? until : null, updated_at: now })
    .onConflict((oc) =>
      oc
        .column('sim_id')
        .doUpdateSet((eb) => {
          const expired = eb('iot_pay_password_guard.locked_until', '<=', now);
          const counted = eb
            .case()
            .when(expired)
            .then(1)
            .else(eb('iot_pay_password_guard.fails', '+', 1))
            .end();
          return {
            fails: counted,
            locked_until: eb.case().when(counted, '>=', maxFails).then(until).else(null).end(),
            updated_at: now,
          };
        })
        .where((eb) =>
          eb.or([
            eb.and([eb('iot_pay_password_guard.locked_until', 'is', null), eb('iot_pay_password_guard.fails', '<', maxFails)]),
            eb('iot_pay_password_guard.locked_until', '<=', now),
          ]),
        ),
    )
    .returning(['fails', 'locked_until'])
    .executeTakeFirst();
  return row ? { fails: row.fails, lockedUntil: row.locked_until } : null;
}

/** A right entry: the count starts again and a lock set by a try still being checked is lifted. */
async function releaseTries(db: Kysely<Database>, simId: number, now: number): Promise<void> {
  await db
    .updateTable('iot_pay_password_guard')
    .set({ fails: 0, locked_until: null, updated_at: now })
    .where('sim_id', '=', simId)
    .execute();
}

/**
 * Checks the card's pay password (the pay-password check of buyPackage). Answers 41001 when the
 * card has one and none was given; refuses while locked without comparing; counts the try before
 * comparing, and the fifth wrong one locks the card for 30 minutes.
 */
export async function checkPayPassword(
  db: Kysely<Database>,
  simId: number,
  given: string | undefined,
  now: number,
  retry = true,
): Promise<void> {
  const sim = await payPasswordOf(db, simId);
  if (sim.pay_password_hash === null) return;
  if (!given) throw new BizError(Code.PAY_PASSWORD_REQUIRED, 'payPassword.required');
  const slot = await reserveTry(db, simId, now);
  if (!slot) {
    // Locked; a right entry may have lifted the lock meanwhile: then try once more.
    const g = await guard(db, simId);
    if (retry && !(g?.locked_until && g.locked_until > now)) return checkPayPassword(db, simId, given, now, false);
    throw lockedRefusal(g?.locked_until ?? now + PAY_PASSWORD_RULES.lockMs, now);
  }
  if (await verifySecret(given, sim.pay_password_hash)) {
    await releaseTries(db, simId, now);
    return;
  }
  if (slot.lockedUntil !== null) throw lockedRefusal(slot.lockedUntil, now);
  throw invalid('payPassword', 'payPassword.wrong', { left: PAY_PASSWORD_RULES.maxFails - slot.fails });
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
  const row = await payPasswordOf(db, sim.simId);
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
    await setPayPasswordHash(trx, sim.simId, hash, now);
    await trx.deleteFrom('iot_pay_password_guard').where('sim_id', '=', sim.simId).execute();
  });
  deps.sims.forgetSimInfo(sim.simId);
  return payPassStatus(db, sim.simId, now);
}
