import type { Insertable, Kysely, Transaction } from 'kysely';
import { type DialectName, deleteBefore, forUpdate } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

export function findOperatorByMobile(db: Db, mobile: string) {
  return db.selectFrom('admin_operators').selectAll().where('mobile', '=', mobile).executeTakeFirst();
}

export function findOperatorById(db: Db, id: number) {
  return db.selectFrom('admin_operators').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertOperator(
  db: Db,
  row: { mobile: string; name: string; role: string; promoter_id: number | null; password_hash: string; totp_secret: string },
  now: number,
): Promise<number> {
  const r = await db
    .insertInto('admin_operators')
    .values({ ...row, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(r.id);
}

/** Marks a TOTP time step used, only when it is later than the last one: a code works once. */
export async function useTotpStep(db: Db, operatorId: number, step: number): Promise<boolean> {
  const res = await db
    .updateTable('admin_operators')
    .set({ totp_last_step: step })
    .where('id', '=', operatorId)
    .where('totp_last_step', '<', step)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function insertSession(
  db: Db,
  row: { token_hash: string; operator_id: number; stage: 'totp' | 'active'; ip: string; created_at: number; expires_at: number },
): Promise<void> {
  await db
    .insertInto('admin_sessions')
    .values({ ...row, revoked_at: null })
    .execute();
}

export function findSession(db: Db, tokenHash: string) {
  return db.selectFrom('admin_sessions').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

/** Takes one of the challenge's code tries in one conditional update; the tries taken, or null when none is left. */
export async function reserveCodeTry(db: Db, tokenHash: string, maxTries: number): Promise<number | null> {
  const row = await db
    .updateTable('admin_sessions')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('token_hash', '=', tokenHash)
    .where('stage', '=', 'totp')
    .where('attempts', '<', maxTries)
    .returning('attempts')
    .executeTakeFirst();
  return row?.attempts ?? null;
}

/** Ends a challenge once (the code was right, or its tries ran out): false when it had ended already. */
export async function endChallenge(db: Db, tokenHash: string): Promise<boolean> {
  const res = await db.deleteFrom('admin_sessions').where('token_hash', '=', tokenHash).where('stage', '=', 'totp').executeTakeFirst();
  return Number(res.numDeletedRows) === 1;
}

export async function revokeSession(db: Db, tokenHash: string, now: number): Promise<void> {
  await db
    .updateTable('admin_sessions')
    .set({ revoked_at: now })
    .where('token_hash', '=', tokenHash)
    .where('revoked_at', 'is', null)
    .execute();
}

export async function revokeOperatorSessions(db: Db, operatorId: number, now: number): Promise<number> {
  const res = await db
    .updateTable('admin_sessions')
    .set({ revoked_at: now })
    .where('operator_id', '=', operatorId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}

export function purgeSessions(db: Kysely<Database>, dialect: DialectName, now: number): Promise<number> {
  return deleteBefore(db, dialect, 'admin_sessions', 'expires_at', now);
}

/** An audit entry as written (its id is the database's). */
export type AuditRow = Insertable<Database['admin_audit']>;

export async function insertAudit(db: Db, row: AuditRow): Promise<void> {
  await db.insertInto('admin_audit').values(row).execute();
}

export interface AuditFilter {
  operatorMobile?: string;
  action?: string;
  objectType?: string;
  objectId?: string;
  from?: number;
  to?: number;
}

export async function searchAudit(db: Db, f: AuditFilter, offset: number, limit: number) {
  let q = db.selectFrom('admin_audit');
  if (f.operatorMobile) q = q.where('operator_mobile', '=', f.operatorMobile);
  if (f.action) q = q.where('action', '=', f.action);
  if (f.objectType) q = q.where('object_type', '=', f.objectType);
  if (f.objectId) q = q.where('object_id', '=', f.objectId);
  if (f.from !== undefined) q = q.where('at', '>=', f.from);
  if (f.to !== undefined) q = q.where('at', '<', f.to);
  const [rows, count] = await Promise.all([
    q.selectAll().orderBy('id', 'desc').offset(offset).limit(limit).execute(),
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export function listOperators(db: Db) {
  return db
    .selectFrom('admin_operators')
    .select(['id', 'mobile', 'name', 'role', 'promoter_id', 'disabled', 'created_at'])
    .orderBy('id')
    .execute();
}

/** The active owners' ids, locked in id order until the transaction ends (PostgreSQL; SQLite has one writer). */
export async function lockActiveOwners(trx: Transaction<Database>, dialect: DialectName): Promise<number[]> {
  const rows = await forUpdate(
    dialect,
    trx.selectFrom('admin_operators').select('id').where('role', '=', 'owner').where('disabled', '=', 0).orderBy('id'),
  ).execute();
  return rows.map((r) => Number(r.id));
}

export async function updateOperator(
  db: Db,
  id: number,
  set: Partial<{
    name: string;
    role: string;
    promoter_id: number | null;
    disabled: number;
    password_hash: string;
    totp_secret: string;
    totp_last_step: number;
  }>,
  now: number,
): Promise<void> {
  await db
    .updateTable('admin_operators')
    .set({ ...set, updated_at: now })
    .where('id', '=', id)
    .execute();
}
