import type { Kysely, Transaction } from 'kysely';
import { type DialectName, deleteBefore } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

export function latestCode(db: Db, mobile: string, scene: string) {
  return db
    .selectFrom('sms_codes')
    .selectAll()
    .where('mobile', '=', mobile)
    .where('scene', '=', scene)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Voids the earlier codes of the mobile and stores the new one: only the latest is valid. */
export async function replaceCode(
  trx: Db,
  row: { mobile: string; scene: string; code_hash: string; ip: string; created_at: number; expires_at: number },
): Promise<void> {
  await trx
    .updateTable('sms_codes')
    .set({ voided: 1 })
    .where('mobile', '=', row.mobile)
    .where('scene', '=', row.scene)
    .where('voided', '=', 0)
    .where('used_at', 'is', null)
    .execute();
  await trx
    .insertInto('sms_codes')
    .values({ ...row, attempts: 0, voided: 0, used_at: null })
    .execute();
}

/**
 * Takes one of the code's tries before it is compared, in one conditional update: at most
 * `maxTries` callers ever get one, however many arrive at once. The tries taken so far, or null
 * when none is left.
 */
export async function reserveTry(db: Db, id: number, maxTries: number): Promise<number | null> {
  const row = await db
    .updateTable('sms_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .where('attempts', '<', maxTries)
    .returning('attempts')
    .executeTakeFirst();
  return row?.attempts ?? null;
}

/** The last try was wrong: the code can no longer be used. */
export async function voidCode(db: Db, id: number): Promise<void> {
  await db.updateTable('sms_codes').set({ voided: 1 }).where('id', '=', id).execute();
}

/** Uses the code once (the caller holds one of its tries): false when it was used or voided first. */
export async function consumeCode(db: Db, id: number, now: number): Promise<boolean> {
  const res = await db
    .updateTable('sms_codes')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('voided', '=', 0)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function bindSession(trx: Db, sessionHash: string, mobile: string, now: number, expiresAt: number): Promise<void> {
  await trx.deleteFrom('login_sessions').where('session_hash', '=', sessionHash).execute();
  await trx
    .insertInto('login_sessions')
    .values({ session_hash: sessionHash, mobile, created_at: now, expires_at: expiresAt, revoked_at: null })
    .execute();
}

export function findSession(db: Db, sessionHash: string) {
  return db.selectFrom('login_sessions').selectAll().where('session_hash', '=', sessionHash).executeTakeFirst();
}

export async function revokeSession(db: Db, sessionHash: string, now: number): Promise<void> {
  await db
    .updateTable('login_sessions')
    .set({ revoked_at: now })
    .where('session_hash', '=', sessionHash)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Deletes SMS codes a day past their expiry and expired login sessions, in batches; returns how many. */
export async function purge(db: Kysely<Database>, dialect: DialectName, now: number): Promise<number> {
  const codes = await deleteBefore(db, dialect, 'sms_codes', 'expires_at', now - 86_400_000);
  return codes + (await deleteBefore(db, dialect, 'login_sessions', 'expires_at', now));
}
