import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { WebhookTables } from '../../db/schema-webhooks.ts';

/** The webhooks module's tables: endpoints, the event outbox, deliveries and API tokens. */

type Db = Kysely<Database>;

export function insertEvent(db: Db, row: Insertable<WebhookTables['webhook_events']>): Promise<unknown> {
  return db.insertInto('webhook_events').values(row).execute();
}

export function waitingEvents(db: Db, limit: number) {
  return db.selectFrom('webhook_events').selectAll().where('fanned_out', '=', 0).orderBy('id').limit(limit).execute();
}

/** Marks an event's deliveries made; false when another run did it first. */
export async function claimEvent(db: Db, id: number): Promise<boolean> {
  const r = await db
    .updateTable('webhook_events')
    .set({ fanned_out: 1 })
    .where('id', '=', id)
    .where('fanned_out', '=', 0)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Deletes up to `limit` finished deliveries (delivered or failed) made before `before`, oldest first; how many went. */
export async function purgeDeliveries(db: Db, before: number, limit: number): Promise<number> {
  const old = db
    .selectFrom('webhook_deliveries')
    .select('id')
    .where('state', '<>', 'pending')
    .where('created_at', '<', before)
    .orderBy('id')
    .limit(limit);
  const r = await db.deleteFrom('webhook_deliveries').where('id', 'in', old).executeTakeFirst();
  return Number(r.numDeletedRows);
}

/** Deletes up to `limit` events recorded before `before` whose deliveries were made and are all gone; how many went. */
export async function purgeEvents(db: Db, before: number, limit: number): Promise<number> {
  const old = db
    .selectFrom('webhook_events as e')
    .select('e.id')
    .where('e.fanned_out', '=', 1)
    .where('e.created_at', '<', before)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('webhook_deliveries as d').select('d.id').whereRef('d.event_id', '=', 'e.id'))),
    )
    .orderBy('e.id')
    .limit(limit);
  const r = await db.deleteFrom('webhook_events').where('id', 'in', old).executeTakeFirst();
  return Number(r.numDeletedRows);
}

export function eventById(db: Db, id: number) {
  return db.selectFrom('webhook_events').selectAll().where('id', '=', id).executeTakeFirst();
}

export function eventsByIds(db: Db, ids: number[]) {
  return ids.length === 0 ? Promise.resolve([]) : db.selectFrom('webhook_events').select(['id', 'type']).where('id', 'in', ids).execute();
}

export function enabledEndpointsOf(db: Db, promoterId: number) {
  return db.selectFrom('webhook_endpoints').selectAll().where('promoter_id', '=', promoterId).where('enabled', '=', 1).execute();
}

export function endpointsOf(db: Db, promoterId: number | null) {
  let q = db.selectFrom('webhook_endpoints').selectAll();
  if (promoterId !== null) q = q.where('promoter_id', '=', promoterId);
  return q.orderBy('id', 'desc').limit(200).execute();
}

export function endpointById(db: Db, id: number) {
  return db.selectFrom('webhook_endpoints').selectAll().where('id', '=', id).executeTakeFirst();
}

export function endpointsByIds(db: Db, ids: number[]) {
  return ids.length === 0 ? Promise.resolve([]) : db.selectFrom('webhook_endpoints').select(['id', 'url']).where('id', 'in', ids).execute();
}

export async function insertEndpoint(db: Db, row: Insertable<WebhookTables['webhook_endpoints']>): Promise<number> {
  const r = await db.insertInto('webhook_endpoints').values(row).returning('id').executeTakeFirstOrThrow();
  return Number(r.id);
}

export async function updateEndpoint(db: Db, id: number, change: { enabled: number; events: string; updated_at: number }): Promise<void> {
  await db.updateTable('webhook_endpoints').set(change).where('id', '=', id).execute();
}

export async function insertDeliveries(db: Db, rows: Insertable<WebhookTables['webhook_deliveries']>[]): Promise<number[]> {
  if (rows.length === 0) return [];
  const made = await db.insertInto('webhook_deliveries').values(rows).returning('id').execute();
  return made.map((r) => Number(r.id));
}

export function dueDeliveries(db: Db, now: number, limit: number) {
  return db
    .selectFrom('webhook_deliveries')
    .select(['id', 'next_at'])
    .where('state', '=', 'pending')
    .where('next_at', '<=', now)
    .orderBy('next_at')
    .orderBy('id')
    .limit(limit)
    .execute();
}

export async function pendingCount(db: Db): Promise<number> {
  const r = await db
    .selectFrom('webhook_deliveries')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('state', '=', 'pending')
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/**
 * Takes a due delivery for one try: moves its next try `leaseMs` ahead, on the condition that it is
 * still pending and due as read, so of runs on several instances exactly one gets it (and a run
 * that dies mid-try leaves it to be tried again when the lease ends).
 */
export async function claimDelivery(db: Db, id: number, dueAt: number, leaseUntil: number): Promise<boolean> {
  const r = await db
    .updateTable('webhook_deliveries')
    .set({ next_at: leaseUntil })
    .where('id', '=', id)
    .where('state', '=', 'pending')
    .where('next_at', '=', dueAt)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export function deliveryById(db: Db, id: number) {
  return db.selectFrom('webhook_deliveries').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function recordTry(
  db: Db,
  id: number,
  leaseUntil: number,
  change: {
    state: string;
    attempt: number;
    next_at: number | null;
    status_code: number | null;
    duration_ms: number;
    response: string;
    last_at: number;
  },
): Promise<void> {
  // Only the run holding the lease records its try.
  await db.updateTable('webhook_deliveries').set(change).where('id', '=', id).where('next_at', '=', leaseUntil).execute();
}

export async function deliveriesOf(
  db: Db,
  f: { promoterId: number | null; endpointId?: number | undefined },
  offset: number,
  limit: number,
) {
  let q = db.selectFrom('webhook_deliveries');
  if (f.promoterId !== null) q = q.where('promoter_id', '=', f.promoterId);
  if (f.endpointId !== undefined) q = q.where('endpoint_id', '=', f.endpointId);
  const [rows, count] = await Promise.all([
    q.selectAll().orderBy('id', 'desc').offset(offset).limit(limit).execute(),
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export async function insertToken(db: Db, row: Insertable<WebhookTables['api_tokens']>): Promise<number> {
  const r = await db.insertInto('api_tokens').values(row).returning('id').executeTakeFirstOrThrow();
  return Number(r.id);
}

export function tokensOf(db: Db, promoterId: number | null) {
  let q = db.selectFrom('api_tokens').selectAll();
  if (promoterId !== null) q = q.where('promoter_id', '=', promoterId);
  return q.orderBy('id', 'desc').limit(200).execute();
}

export function tokenById(db: Db, id: number) {
  return db.selectFrom('api_tokens').selectAll().where('id', '=', id).executeTakeFirst();
}

export function tokenByHash(db: Db, hash: string) {
  return db.selectFrom('api_tokens').selectAll().where('token_hash', '=', hash).executeTakeFirst();
}

export async function revokeToken(db: Db, id: number, now: number): Promise<boolean> {
  const r = await db
    .updateTable('api_tokens')
    .set({ revoked_at: now })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function touchToken(db: Db, id: number, now: number): Promise<void> {
  await db.updateTable('api_tokens').set({ last_used_at: now }).where('id', '=', id).execute();
}
