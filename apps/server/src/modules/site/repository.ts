import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

export function findPromoterByCode(db: Kysely<Database>, promoCode: string) {
  return db.selectFrom('promoters').selectAll().where('promo_code', '=', promoCode).executeTakeFirst();
}

export function findPromoterById(db: Kysely<Database>, id: number) {
  return db.selectFrom('promoters').select('promo_code').where('id', '=', id).executeTakeFirst();
}

export function findChildren(db: Kysely<Database>, parentId: number) {
  return db.selectFrom('promoters').selectAll().where('parent_id', '=', parentId).orderBy('id').execute();
}

export function allPromoters(db: Kysely<Database>) {
  return db.selectFrom('promoters').selectAll().orderBy('id').execute();
}

export function findDefaultPromoter(db: Kysely<Database>) {
  return db.selectFrom('promoters').selectAll().where('is_default', '=', 1).orderBy('id').executeTakeFirst();
}

export async function readSettings(db: Kysely<Database>, keys: string[]): Promise<Map<string, string>> {
  if (keys.length === 0) return new Map();
  const rows = await db.selectFrom('settings').selectAll().where('key', 'in', keys).execute();
  return new Map(rows.map((r) => [r.key, r.value]));
}

export function dictOptions(db: Kysely<Database>, types: string[]) {
  return db
    .selectFrom('dict_data')
    .select(['dict_type', 'label', 'value', 'list_class'])
    .where('dict_type', 'in', types)
    .where('enabled', '=', 1)
    .orderBy('dict_type')
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

export function findAppDomain(db: Kysely<Database>, packageName: string) {
  return db.selectFrom('app_domains').select(['domain', 'enabled']).where('package_name', '=', packageName).executeTakeFirst();
}

export async function insertErrorReport(
  db: Kysely<Database>,
  report: { platform: string; package_name: string; error: string; ip: string; created_at: number },
) {
  await db.insertInto('client_error_reports').values(report).execute();
}

export async function updateFront(db: Kysely<Database>, id: number, front: string): Promise<void> {
  await db.updateTable('promoters').set({ front }).where('id', '=', id).execute();
}
