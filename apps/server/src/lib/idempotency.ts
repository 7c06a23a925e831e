import { createHash } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { type DialectName, deleteBefore, isUniqueViolation } from '../db/dialect.ts';
import type { Database } from '../db/schema.ts';
import { BizError, fail, invalid, replayRefusal, type StoredRefusal, storeRefusal } from './errors.ts';

/** A pending claim older than this is taken to belong to a crashed request and may be retried. */
const STALE_PENDING_MS = 60_000;

/** How long a key replays its first reply: retries come within minutes, a day is ample. */
export const KEY_RETENTION_MS = 86_400_000;

/** What a client may send as Idempotency-Key. */
const KEY_FORMAT = /^[A-Za-z0-9_\-:.]{1,128}$/;

/**
 * Refuses a malformed Idempotency-Key (an absent one is fine): dropping it instead would let a
 * retry of a paying call run twice.
 */
export function checkIdempotencyKey(key: string): void {
  if (key && !KEY_FORMAT.test(key)) throw invalid('Idempotency-Key', 'validation.idempotencyKey');
}

type Stored<T> = { ok: true; data: T } | ({ ok: false } & StoredRefusal);

function hashOf(request: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify(request ?? null))
    .digest('hex');
}

/**
 * Runs `work` at most once per (scope, key): a retry with the same key and request replays the
 * first result, business refusals included; the same key with a different request is refused.
 * Without a key, `work` simply runs.
 */
export async function idempotent<T>(
  db: Kysely<Database>,
  scope: string,
  key: string,
  request: unknown,
  work: () => Promise<T>,
  now = Date.now(),
): Promise<T> {
  checkIdempotencyKey(key);
  if (!key) return work();
  const requestHash = hashOf(request);
  try {
    await db
      .insertInto('idempotency_keys')
      .values({ scope, key, request_hash: requestHash, state: 'pending', reply: null, created_at: now })
      .execute();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const row = await db
      .selectFrom('idempotency_keys')
      .selectAll()
      .where('scope', '=', scope)
      .where('key', '=', key)
      .executeTakeFirstOrThrow();
    if (row.request_hash !== requestHash) throw invalid('Idempotency-Key', 'idempotency.reused');
    if (row.state === 'done' && row.reply) {
      const stored = JSON.parse(row.reply) as Stored<T>;
      if (stored.ok) return stored.data;
      throw replayRefusal(stored);
    }
    // Still pending: another request holds it, unless it is stale and can be taken over.
    const taken = await db
      .updateTable('idempotency_keys')
      .set({ created_at: now })
      .where('scope', '=', scope)
      .where('key', '=', key)
      .where('state', '=', 'pending')
      .where('created_at', '<', now - STALE_PENDING_MS)
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) === 0) throw fail('idempotency.pending');
  }

  let stored: Stored<T>;
  try {
    stored = { ok: true, data: await work() };
  } catch (error) {
    if (!(error instanceof BizError)) {
      // Free the key for a retry; should that fail too (a full disk), the claim goes stale and is
      // taken over after STALE_PENDING_MS, and the original error is the one that matters.
      await db
        .deleteFrom('idempotency_keys')
        .where('scope', '=', scope)
        .where('key', '=', key)
        .execute()
        .catch(() => undefined);
      throw error;
    }
    stored = { ok: false, ...storeRefusal(error) };
  }
  await db
    .updateTable('idempotency_keys')
    .set({ state: 'done', reply: JSON.stringify(stored) })
    .where('scope', '=', scope)
    .where('key', '=', key)
    .execute();
  if (stored.ok) return stored.data;
  throw replayRefusal(stored);
}

/**
 * `idempotent` for work that is one database transaction (a purchase): the key and its reply are
 * the transaction's last write, so the work and its key commit together. Of concurrent requests with
 * one key the later one's insert conflicts (PostgreSQL makes it wait for the first to commit), its
 * transaction rolls back and it replays the first reply. A business refusal is recorded on its own;
 * a retry refused now (its money already spent by the first) replays the first reply instead.
 */
export async function idempotentTx<T>(
  db: Kysely<Database>,
  scope: string,
  key: string,
  request: unknown,
  work: (trx: Transaction<Database>) => Promise<T>,
  now = Date.now(),
): Promise<T> {
  checkIdempotencyKey(key);
  if (!key) return db.transaction().execute(work);
  const requestHash = hashOf(request);
  const stored = async (): Promise<Stored<T> | null> => {
    const row = await db
      .selectFrom('idempotency_keys')
      .select(['request_hash', 'state', 'reply'])
      .where('scope', '=', scope)
      .where('key', '=', key)
      .executeTakeFirst();
    if (!row) return null;
    if (row.request_hash !== requestHash) throw invalid('Idempotency-Key', 'idempotency.reused');
    if (row.state !== 'done' || !row.reply) throw fail('idempotency.pending');
    return JSON.parse(row.reply) as Stored<T>;
  };
  const replay = (s: Stored<T>): T => {
    if (s.ok) return s.data;
    throw replayRefusal(s);
  };
  try {
    return await db.transaction().execute(async (trx) => {
      const data = await work(trx);
      await trx
        .insertInto('idempotency_keys')
        .values({ scope, key, request_hash: requestHash, state: 'done', reply: JSON.stringify({ ok: true, data }), created_at: now })
        .execute();
      return data;
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      const first = await stored();
      if (first) return replay(first);
      throw error;
    }
    if (!(error instanceof BizError)) throw error;
    const first = await stored();
    if (first) return replay(first);
    const refusal: Stored<T> = { ok: false, ...storeRefusal(error) };
    try {
      await db
        .insertInto('idempotency_keys')
        .values({ scope, key, request_hash: requestHash, state: 'done', reply: JSON.stringify(refusal), created_at: now })
        .execute();
    } catch (insertError) {
      if (!isUniqueViolation(insertError)) throw insertError;
      const winner = await stored();
      if (winner) return replay(winner);
    }
    throw error;
  }
}

/** Deletes keys older than KEY_RETENTION_MS; returns how many. */
export function purgeIdempotencyKeys(db: Kysely<Database>, dialect: DialectName, now: number): Promise<number> {
  return deleteBefore(db, dialect, 'idempotency_keys', 'created_at', now - KEY_RETENTION_MS);
}
