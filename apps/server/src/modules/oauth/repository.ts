import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { OAuthStatesTable } from '../../db/schema-account.ts';

export const insertState = (db: Kysely<Database>, row: Insertable<OAuthStatesTable>) => db.insertInto('oauth_states').values(row).execute();

export const findState = (db: Kysely<Database>, state: string) =>
  db.selectFrom('oauth_states').selectAll().where('state', '=', state).executeTakeFirst();

/** Moves a state from one status to the next once: true only for the caller whose update did it. */
export async function moveState(db: Kysely<Database>, state: string, from: string, to: string, miniUserId?: number): Promise<boolean> {
  const r = await db
    .updateTable('oauth_states')
    .set({ status: to, ...(miniUserId !== undefined ? { mini_user_id: miniUserId } : {}) })
    .where('state', '=', state)
    .where('status', '=', from)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Creates or refreshes the record of an account of a platform; its id. */
export async function upsertMiniUser(
  db: Kysely<Database>,
  u: { platform: string; open_id: string; union_id: string; promo_code: string; nickname: string; head_portrait: string; now: number },
): Promise<number> {
  const row = await db
    .insertInto('mini_users')
    .values({
      platform: u.platform,
      open_id: u.open_id,
      union_id: u.union_id,
      promo_code: u.promo_code,
      nickname: u.nickname,
      head_portrait: u.head_portrait,
      created_at: u.now,
      updated_at: u.now,
    })
    .onConflict((oc) =>
      oc
        .columns(['platform', 'open_id'])
        .doUpdateSet({ nickname: u.nickname, head_portrait: u.head_portrait, union_id: u.union_id, updated_at: u.now }),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The open id of the WeChat account most recently linked to a shop login (mobile), if any. */
export async function wechatOpenIdOfMobile(db: Kysely<Database>, mobile: string): Promise<string | null> {
  const row = await db
    .selectFrom('mini_users')
    .select('open_id')
    .where('platform', '=', 'wx')
    .where('mobile', '=', mobile)
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.open_id ?? null;
}

export const miniUserById = (db: Kysely<Database>, id: number) =>
  db.selectFrom('mini_users').selectAll().where('id', '=', id).executeTakeFirst();

export const linkMobile = (db: Kysely<Database>, id: number, mobile: string, now: number) =>
  db.updateTable('mini_users').set({ mobile, updated_at: now }).where('id', '=', id).execute();

export async function linkCard(db: Kysely<Database>, simId: number, miniUserId: number, now: number): Promise<void> {
  await db
    .insertInto('iot_sim_oauth')
    .values({ sim_id: simId, mini_user_id: miniUserId, created_at: now })
    .onConflict((oc) => oc.columns(['sim_id', 'mini_user_id']).doNothing())
    .execute();
}

export const cardLinks = (db: Kysely<Database>, simId: number) =>
  db
    .selectFrom('iot_sim_oauth as l')
    .innerJoin('mini_users as u', 'u.id', 'l.mini_user_id')
    .select(['l.id', 'l.created_at', 'u.platform', 'u.open_id', 'u.nickname', 'u.head_portrait'])
    .where('l.sim_id', '=', simId)
    .orderBy('l.id', 'desc')
    .execute();

/** Removes a link of the card: false when the link is not the card's. */
export async function unlinkCard(db: Kysely<Database>, simId: number, id: number): Promise<boolean> {
  const r = await db.deleteFrom('iot_sim_oauth').where('id', '=', id).where('sim_id', '=', simId).executeTakeFirst();
  return Number(r.numDeletedRows) === 1;
}

export const purgeStates = (db: Kysely<Database>, now: number) => db.deleteFrom('oauth_states').where('expires_at', '<', now).execute();
