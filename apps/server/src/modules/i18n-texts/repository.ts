import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { containsText } from '../../lib/like.ts';

export interface TextRow {
  entity: string;
  entity_id: string;
  field: string;
  language: string;
  text: string;
}

export function textsOf(db: Kysely<Database>, entity: string, ids: readonly string[], language: string) {
  return db
    .selectFrom('i18n_texts')
    .select(['entity_id', 'field', 'text'])
    .where('entity', '=', entity)
    .where('entity_id', 'in', ids)
    .where('language', '=', language)
    .execute();
}

export async function putTexts(db: Kysely<Database>, rows: readonly TextRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 200) {
    await db
      .insertInto('i18n_texts')
      .values(rows.slice(i, i + 200))
      .onConflict((oc) => oc.columns(['entity', 'entity_id', 'language', 'field']).doUpdateSet((eb) => ({ text: eb.ref('excluded.text') })))
      .execute();
  }
}

export async function idsContaining(db: Kysely<Database>, entity: string, fields: readonly string[], language: string, text: string) {
  const rows = await db
    .selectFrom('i18n_texts')
    .select('entity_id')
    .distinct()
    .where('entity', '=', entity)
    .where('field', 'in', fields)
    .where('language', '=', language)
    .where(containsText('text', text))
    .execute();
  return rows.map((r) => r.entity_id);
}

export function allTextsOf(db: Kysely<Database>, entity: string, id: string) {
  return db
    .selectFrom('i18n_texts')
    .select(['field', 'language', 'text'])
    .where('entity', '=', entity)
    .where('entity_id', '=', id)
    .execute();
}

export async function deleteTextsOf(db: Kysely<Database>, entity: string, id: string): Promise<void> {
  await db.deleteFrom('i18n_texts').where('entity', '=', entity).where('entity_id', '=', id).execute();
}

export async function deleteFieldTextsOf(db: Kysely<Database>, entity: string, id: string, fields: readonly string[]): Promise<void> {
  if (fields.length === 0) return;
  await db.deleteFrom('i18n_texts').where('entity', '=', entity).where('entity_id', '=', id).where('field', 'in', fields).execute();
}
