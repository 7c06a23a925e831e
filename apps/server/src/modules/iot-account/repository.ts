import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { IotRealnameRequestsTable } from '../../db/schema-account.ts';

export type Kind = IotRealnameRequestsTable['kind'];

export const insertRequest = (db: Kysely<Database>, row: Insertable<IotRealnameRequestsTable>) =>
  db.insertInto('iot_realname_requests').values(row).returning('id').executeTakeFirstOrThrow();

export const latestRequest = (db: Kysely<Database>, simId: number, kind: Kind) =>
  db
    .selectFrom('iot_realname_requests')
    .selectAll()
    .where('sim_id', '=', simId)
    .where('kind', '=', kind)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();

export const requestById = (db: Kysely<Database>, id: number) =>
  db.selectFrom('iot_realname_requests').selectAll().where('id', '=', id).executeTakeFirst();

/** Decides a pending request once: true only for the caller whose update moved it. */
export async function decide(
  db: Kysely<Database>,
  id: number,
  status: 'verified' | 'rejected',
  reason: string,
  now: number,
): Promise<boolean> {
  const r = await db
    .updateTable('iot_realname_requests')
    .set({ status, reason, decided_at: now, review_at: null })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Pending requests whose simulated review is due. */
export const dueReviews = (db: Kysely<Database>, now: number, limit: number) =>
  db
    .selectFrom('iot_realname_requests')
    .select(['id'])
    .where('status', '=', 'pending')
    .where('review_at', '<=', now)
    .orderBy('review_at')
    .limit(limit)
    .execute();

/** The latest privacy-policy consent of a card before real-name photos. */
export async function latestConsent(db: Kysely<Database>, simId: number) {
  return db
    .selectFrom('iot_realname_consents')
    .select(['version', 'agreed_at'])
    .where('sim_id', '=', simId)
    .orderBy('agreed_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

export async function insertConsent(db: Kysely<Database>, c: { sim_id: number; version: number; ip: string; agreed_at: number }) {
  await db.insertInto('iot_realname_consents').values(c).execute();
}
