import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import { batched } from '../../db/batched.ts';
import { type DialectName, deleteBefore } from '../../db/dialect.ts';
import { prepared } from '../../db/prepared.ts';
import type { Database } from '../../db/schema.ts';

/** The columns of a session that every IoT call checks. */
export interface SessionRow {
  id: number;
  sim_id: number;
  sim_no: string;
  expires_at: number;
  revoked_at: number | null;
  /** When the session proved possession of the card; null until it does (decision 0105). */
  proven_at: number | null;
}

/**
 * The session of a token hash as a query another module joins its own columns to: the session is
 * aliased `sess` and its columns are prefixed `sess_`.
 */
export type SessionQuery = SelectQueryBuilder<Database & { sess: Database['iot_sim_sessions'] }, 'sess', Record<string, unknown>>;

/**
 * Reads the session of a token hash from `db` with what `join` adds to it (nothing by default), in
 * one statement (built once per dialect): the session, and the whole row for the joining module.
 *
 * On PostgreSQL the tokens asked for in one turn of the event loop are read in one statement
 * (`token_hash = any($1)`, decision 0056): under a fleet's load, a round trip to the database and
 * the driver's work on the row description cost more than the rows themselves. SQLite answers each
 * read in the calling thread, where there is nothing to gather.
 */
export function sessionReader(db: Kysely<Database>, dialect: DialectName, join: (query: SessionQuery) => SessionQuery = (query) => query) {
  const session = (q: Kysely<Database>) =>
    q
      .selectFrom('iot_sim_sessions as sess')
      .select([
        'sess.token_hash as sess_token_hash',
        'sess.id as sess_id',
        'sess.sim_id as sess_sim_id',
        'sess.sim_no as sess_sim_no',
        'sess.expires_at as sess_expires_at',
        'sess.revoked_at as sess_revoked_at',
        'sess.proven_at as sess_proven_at',
      ]) as unknown as SessionQuery;
  const one = prepared((q: Kysely<Database>, tokenHash: string) => join(session(q).where('sess.token_hash', '=', tokenHash)));
  const many = prepared((q: Kysely<Database>, tokenHashes: string[]) =>
    join(session(q).where('sess.token_hash', '=', sql<string>`any(${tokenHashes})`)),
  );
  const readRow =
    dialect === 'postgres'
      ? batched(
          (tokenHashes: string[]) => many(db, tokenHashes),
          (row) => row.sess_token_hash as string,
          GATHERED_MAX,
        )
      : async (tokenHash: string) => (await one(db, tokenHash))[0];
  return async (tokenHash: string): Promise<{ session: SessionRow; row: Record<string, unknown> } | undefined> => {
    const row = await readRow(tokenHash);
    if (!row) return undefined;
    return {
      session: {
        id: row.sess_id,
        sim_id: row.sess_sim_id,
        sim_no: row.sess_sim_no,
        expires_at: row.sess_expires_at,
        revoked_at: row.sess_revoked_at,
        proven_at: row.sess_proven_at ?? null,
      } as SessionRow,
      row,
    };
  };
}

/** Tokens read in one statement at most (PostgreSQL). */
const GATHERED_MAX = 64;

export async function insertSession(
  db: Kysely<Database>,
  s: {
    token_hash: string;
    sim_id: number;
    sim_no: string;
    login_mode: string;
    ip: string;
    created_at: number;
    expires_at: number;
    proven_at: number | null;
  },
) {
  await db
    .insertInto('iot_sim_sessions')
    .values({ ...s, revoked_at: null })
    .execute();
}

export async function revokeSession(db: Kysely<Database>, id: number, now: number) {
  await db.updateTable('iot_sim_sessions').set({ revoked_at: now }).where('id', '=', id).where('revoked_at', 'is', null).execute();
}

/** Marks a live session proven (it keeps the first time it was). */
export async function proveSession(db: Kysely<Database>, id: number, now: number) {
  await db.updateTable('iot_sim_sessions').set({ proven_at: now }).where('id', '=', id).where('proven_at', 'is', null).execute();
}

/** login: the card's bound phone; bind: a phone being bound; terminal: a phone joining the card's device Wi-Fi. */
export type CodePurpose = 'login' | 'bind' | 'terminal';

export function latestOpenCode(db: Kysely<Database>, simId: number, purpose: CodePurpose = 'login') {
  return db
    .selectFrom('iot_login_codes')
    .select(['id', 'code_hash', 'created_at', 'expires_at', 'mobile'])
    .where('sim_id', '=', simId)
    .where('purpose', '=', purpose)
    .where('closed_at', 'is', null)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export function latestCodeSentAt(db: Kysely<Database>, simId: number, purpose: CodePurpose = 'login') {
  return db
    .selectFrom('iot_login_codes')
    .select('created_at')
    .where('sim_id', '=', simId)
    .where('purpose', '=', purpose)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function closeOpenCodes(db: Kysely<Database>, simId: number, now: number, purpose: CodePurpose = 'login') {
  await db
    .updateTable('iot_login_codes')
    .set({ closed_at: now })
    .where('sim_id', '=', simId)
    .where('purpose', '=', purpose)
    .where('closed_at', 'is', null)
    .execute();
}

export async function insertCode(
  db: Kysely<Database>,
  c: { sim_id: number; mobile: string; code_hash: string; created_at: number; expires_at: number; purpose?: CodePurpose },
) {
  await db
    .insertInto('iot_login_codes')
    .values({ ...c, attempts: 0, closed_at: null })
    .execute();
}

/**
 * Takes one of the code's tries before the code is compared, in one conditional update: at most
 * `maxAttempts` callers ever get one, however many arrive at once. The tries taken so far, or null
 * when none is left or the code is closed.
 */
export async function reserveCodeTry(db: Kysely<Database>, id: number, maxAttempts: number): Promise<number | null> {
  const row = await db
    .updateTable('iot_login_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .where('closed_at', 'is', null)
    .where('attempts', '<', maxAttempts)
    .returning('attempts')
    .executeTakeFirst();
  return row?.attempts ?? null;
}

/** Uses a code once: true only for the caller whose update closed it. */
export async function consumeCode(db: Kysely<Database>, id: number, now: number): Promise<boolean> {
  const r = await db
    .updateTable('iot_login_codes')
    .set({ closed_at: now })
    .where('id', '=', id)
    .where('closed_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Deletes expired SIM sessions and login codes, in batches; returns how many. */
export async function purge(db: Kysely<Database>, dialect: DialectName, now: number): Promise<number> {
  const sessions = await deleteBefore(db, dialect, 'iot_sim_sessions', 'expires_at', now);
  return sessions + (await deleteBefore(db, dialect, 'iot_login_codes', 'expires_at', now));
}
