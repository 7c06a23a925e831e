import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

export function findLayout(db: Kysely<Database>, promoterId: number) {
  return db.selectFrom('iot_sim_layouts').select(['config', 'version']).where('promoter_id', '=', promoterId).executeTakeFirst();
}

export async function upsertLayout(db: Kysely<Database>, promoterId: number, config: string, now: number) {
  await db
    .insertInto('iot_sim_layouts')
    .values({ promoter_id: promoterId, config, version: now, updated_at: now })
    .onConflict((oc) => oc.column('promoter_id').doUpdateSet({ config, version: now, updated_at: now }))
    .execute();
}

export function activeNotices(db: Kysely<Database>, promoterId: number, now: number) {
  return db
    .selectFrom('iot_notices')
    .select(['id', 'title', 'content', 'starts_at', 'ends_at'])
    .where('promoter_id', '=', promoterId)
    .where('enabled', '=', 1)
    .where('starts_at', '<=', now)
    .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', now)]))
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

export function protocols(db: Kysely<Database>, promoterIds: number[], type: string) {
  return db
    .selectFrom('iot_protocols')
    .select(['promoter_id', 'language', 'title', 'content', 'version', 'updated_at'])
    .where('promoter_id', 'in', promoterIds)
    .where('type', '=', type)
    .execute();
}
