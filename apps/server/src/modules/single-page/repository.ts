import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** The enabled pages of a code of some promoters. */
export function pagesOfCode(db: Kysely<Database>, pageCode: string, promoterIds: number[]) {
  return db
    .selectFrom('single_pages')
    .selectAll()
    .where('page_code', '=', pageCode)
    .where('promoter_id', 'in', promoterIds)
    .where('enabled', '=', 1)
    .execute();
}

/** Every page of a promoter, enabled or not (the operator console). */
export function pagesOf(db: Kysely<Database>, promoterId: number) {
  return db.selectFrom('single_pages').selectAll().where('promoter_id', '=', promoterId).orderBy('page_code').execute();
}

export function findPage(db: Kysely<Database>, promoterId: number, id: number) {
  return db.selectFrom('single_pages').selectAll().where('promoter_id', '=', promoterId).where('id', '=', id).executeTakeFirst();
}

export function findPageByCode(db: Kysely<Database>, promoterId: number, pageCode: string) {
  return db
    .selectFrom('single_pages')
    .select('id')
    .where('promoter_id', '=', promoterId)
    .where('page_code', '=', pageCode)
    .executeTakeFirst();
}

export interface PageRow {
  page_code: string;
  title: string;
  blocks: string;
  popup: string;
  enabled: number;
}

export async function insertPage(db: Kysely<Database>, promoterId: number, row: PageRow, now: number): Promise<number> {
  const made = await db
    .insertInto('single_pages')
    .values({ ...row, promoter_id: promoterId, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(made.id);
}

export async function updatePage(db: Kysely<Database>, promoterId: number, id: number, row: PageRow, now: number): Promise<void> {
  await db
    .updateTable('single_pages')
    .set({ ...row, updated_at: now })
    .where('promoter_id', '=', promoterId)
    .where('id', '=', id)
    .execute();
}

export async function deletePage(db: Kysely<Database>, promoterId: number, id: number): Promise<boolean> {
  const r = await db.deleteFrom('single_pages').where('promoter_id', '=', promoterId).where('id', '=', id).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}
