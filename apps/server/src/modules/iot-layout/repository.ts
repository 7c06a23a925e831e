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

export async function insertDraft(
  db: Kysely<Database>,
  row: { promoter_id: number; config: string; texts: string; operator_id: number; created_at: number },
): Promise<number> {
  const made = await db.insertInto('iot_layout_drafts').values(row).returning('id').executeTakeFirstOrThrow();
  return Number(made.id);
}

export function findDraft(db: Kysely<Database>, promoterId: number, id: number) {
  return db.selectFrom('iot_layout_drafts').selectAll().where('id', '=', id).where('promoter_id', '=', promoterId).executeTakeFirst();
}

/** The newest draft of a promoter saved after `since` (its published version). */
export function newestDraft(db: Kysely<Database>, promoterId: number, since: number) {
  return db
    .selectFrom('iot_layout_drafts')
    .selectAll()
    .where('promoter_id', '=', promoterId)
    .where('created_at', '>=', since)
    .where('published_at', 'is', null)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function markDraftPublished(db: Kysely<Database>, id: number, now: number): Promise<void> {
  await db.updateTable('iot_layout_drafts').set({ published_at: now }).where('id', '=', id).execute();
}

export function noticesOf(db: Kysely<Database>, promoterId: number) {
  return db
    .selectFrom('iot_notices')
    .select(['id', 'title', 'content', 'starts_at', 'ends_at', 'enabled', 'sort'])
    .where('promoter_id', '=', promoterId)
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

export function findNotice(db: Kysely<Database>, promoterId: number, id: number) {
  return db
    .selectFrom('iot_notices')
    .select(['id', 'title', 'content', 'starts_at', 'ends_at', 'enabled', 'sort'])
    .where('promoter_id', '=', promoterId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export interface NoticeRow {
  title: string;
  content: string;
  starts_at: number;
  ends_at: number | null;
  enabled: number;
  sort: number;
}

export async function insertNotice(db: Kysely<Database>, promoterId: number, row: NoticeRow, now: number): Promise<number> {
  const made = await db
    .insertInto('iot_notices')
    .values({ ...row, promoter_id: promoterId, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(made.id);
}

export async function updateNotice(db: Kysely<Database>, promoterId: number, id: number, row: NoticeRow): Promise<void> {
  await db.updateTable('iot_notices').set(row).where('id', '=', id).where('promoter_id', '=', promoterId).execute();
}

/** Every agreement row of some promoters (the operator console). */
export function protocolsOf(db: Kysely<Database>, promoterIds: number[]) {
  return db
    .selectFrom('iot_protocols')
    .select(['promoter_id', 'type', 'language', 'title', 'content', 'version', 'updated_at'])
    .where('promoter_id', 'in', promoterIds)
    .execute();
}

/** Writes a promoter's agreement of a type in one language (a new row, or the existing one changed). */
export async function upsertProtocol(
  db: Kysely<Database>,
  row: { promoter_id: number; type: string; language: string; title: string; content: string; version: number; updated_at: number },
): Promise<void> {
  await db
    .insertInto('iot_protocols')
    .values(row)
    .onConflict((oc) =>
      oc
        .columns(['promoter_id', 'type', 'language'])
        .doUpdateSet({ title: row.title, content: row.content, version: row.version, updated_at: row.updated_at }),
    )
    .execute();
}
