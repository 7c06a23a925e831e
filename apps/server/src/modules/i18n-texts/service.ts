/**
 * Texts of data in the caller's language. Data texts (package names, notices, store names,
 * layouts…) are stored in Simplified Chinese with the rows that own them; their English and
 * Traditional Chinese are rows of this module's table, per entity, row id and field (a column, or
 * a JSON path inside a document column). Traditional Chinese without its own text is converted
 * from the Simplified (OpenCC, Taiwan standard), never served as Simplified; English without its
 * own text keeps the stored text. See docs/decisions/0011.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Language } from '../../lib/messages.ts';
import * as repo from './repository.ts';
import { simplifiedToTraditional, traditionalToSimplified } from './traditional.ts';

/** The kinds of rows whose texts are translated; the id is the row's key as text. */
export type Entity =
  | 'promoter'
  | 'dict'
  | 'number_package'
  | 'hot_search'
  | 'iot_package'
  | 'iot_sim_package'
  | 'iot_topup_offer'
  | 'iot_notice'
  | 'iot_layout'
  | 'iot_break_rule'
  | 'iot_device'
  | 'iot_vip_plan'
  | 'iot_accelerate_plan'
  | 'goods'
  | 'goods_sku'
  | 'goods_category'
  | 'mall_category'
  | 'mall_banner'
  | 'mall_goods'
  | 'mall_store'
  | 'sys_question'
  | 'single_page'
  | 'iot_one_code_block';

const converted = new Map<string, string>();

/** The Traditional Chinese of a Simplified text, converted once per text. */
export function toTraditional(text: string): string {
  let out = converted.get(text);
  if (out === undefined) {
    if (converted.size >= 20_000) converted.clear();
    out = simplifiedToTraditional(text);
    converted.set(text, out);
  }
  return out;
}

/** The Simplified Chinese of a Traditional text (what a Traditional reader types, to search stored texts). */
export function toSimplified(text: string): string {
  return traditionalToSimplified(text);
}

const HAN = /\p{Script=Han}/u;

/** Every string of a JSON document that holds Chinese, with its path under `root` ("front.fastNav.0.title"). */
export function* chineseTexts(doc: unknown, root: string): Generator<[path: string, text: string]> {
  if (typeof doc === 'string') {
    if (HAN.test(doc)) yield [root, doc];
  } else if (Array.isArray(doc)) {
    for (const [i, v] of doc.entries()) yield* chineseTexts(v, `${root}.${i}`);
  } else if (doc && typeof doc === 'object') {
    for (const [k, v] of Object.entries(doc)) yield* chineseTexts(v, `${root}.${k}`);
  }
}

/** The translations of some rows of one entity in one language, loaded at once. */
export class Texts {
  constructor(
    readonly language: Language,
    private readonly own: ReadonlyMap<string, string> = new Map(),
    /** English of texts shipped with the code (the built-in layout), by their Chinese. */
    private readonly shipped: Readonly<Record<string, string>> = {},
  ) {}

  /** The text of a field of a row in the language. */
  text(id: string | number, field: string, stored: string): string {
    if (this.language === 'zh-Hans' || !stored) return stored;
    const own = this.own.get(`${id}\u0000${field}`) ?? (this.language === 'en' ? this.shipped[stored] : undefined);
    if (own !== undefined) return own;
    return this.language === 'zh-Hant' ? toTraditional(stored) : stored;
  }

  /**
   * A copy of a JSON document of a row with each Chinese string in the language, found by its path
   * under `root`. Another string (a banner's image with its words drawn in) is replaced only by a
   * version stored for the language.
   */
  document<T>(id: string | number, root: string, doc: T): T {
    if (this.language === 'zh-Hans') return doc;
    const walk = (v: unknown, path: string): unknown => {
      if (typeof v === 'string') return HAN.test(v) ? this.text(id, path, v) : (this.own.get(`${id}\u0000${path}`) ?? v);
      if (Array.isArray(v)) return v.map((x, i) => walk(x, `${path}.${i}`));
      if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x, `${path}.${k}`)]));
      return v;
    };
    return walk(doc, root) as T;
  }
}

/** The translations of the rows `ids` of an entity for the language (no query for Simplified Chinese). */
export async function textsFor(
  db: Kysely<Database>,
  language: Language,
  entity: Entity,
  ids: readonly (string | number)[],
): Promise<Texts> {
  if (language === 'zh-Hans' || ids.length === 0) return new Texts(language);
  const rows = await repo.textsOf(db, entity, [...new Set(ids.map(String))], language);
  return new Texts(language, new Map(rows.map((r) => [`${r.entity_id}\u0000${r.field}`, r.text])));
}

export interface Translation {
  entity: Entity;
  id: string | number;
  field: string;
  language: Exclude<Language, 'zh-Hans'>;
  text: string;
}

/** Stores translations (replacing earlier ones of the same field). */
export async function putTexts(db: Kysely<Database>, texts: readonly Translation[]): Promise<void> {
  await repo.putTexts(
    db,
    texts.map((t) => ({ entity: t.entity, entity_id: String(t.id), field: t.field, language: t.language, text: t.text })),
  );
}

/**
 * The ids of the rows of an entity whose own text of one of `fields` in the language contains
 * `text` (Latin letters in any case). Simplified Chinese has no rows here: search the stored texts.
 */
export function idsWithTextContaining(
  db: Kysely<Database>,
  entity: Entity,
  fields: readonly string[],
  language: Exclude<Language, 'zh-Hans'>,
  text: string,
): Promise<string[]> {
  return repo.idsContaining(db, entity, fields, language, text);
}

/** Every translation of one row: field → language → text. */
export async function allTextsOf(db: Kysely<Database>, entity: Entity, id: string | number): Promise<Map<string, Map<string, string>>> {
  const out = new Map<string, Map<string, string>>();
  for (const r of await repo.allTextsOf(db, entity, String(id))) {
    const byLanguage = out.get(r.field) ?? new Map<string, string>();
    byLanguage.set(r.language, r.text);
    out.set(r.field, byLanguage);
  }
  return out;
}

/** Replaces every translation of one row with `texts` (call inside the transaction that writes the row). */
export async function replaceTextsOf(
  db: Kysely<Database>,
  entity: Entity,
  id: string | number,
  texts: readonly Omit<Translation, 'entity' | 'id'>[],
): Promise<void> {
  await repo.deleteTextsOf(db, entity, String(id));
  await putTexts(
    db,
    texts.map((t) => ({ ...t, entity, id })),
  );
}

/** A data text in the three languages, as an operator edits it. */
export interface Tri {
  'zh-Hans': string;
  en: string;
  'zh-Hant': string;
}

/** The three languages of some fields of some rows of an entity, as readers get them. */
export async function trisOf<F extends string>(
  db: Kysely<Database>,
  entity: Entity,
  rows: readonly ({ id: number } & Record<F, string>)[],
  fields: readonly F[],
): Promise<Map<number, Record<F, Tri>>> {
  const ids = rows.map((r) => r.id);
  const [en, hant] = await Promise.all([textsFor(db, 'en', entity, ids), textsFor(db, 'zh-Hant', entity, ids)]);
  return new Map(
    rows.map((r) => [
      r.id,
      Object.fromEntries(
        fields.map((f) => {
          const stored: string = r[f];
          return [f, { 'zh-Hans': stored, en: en.text(r.id, f, stored), 'zh-Hant': hant.text(r.id, f, stored) }];
        }),
      ) as unknown as Record<F, Tri>,
    ]),
  );
}

/** The translations to keep of edited fields: those a reader would not get anyway (the stored text, the conversion). */
export function translationsOf(fields: Record<string, Tri>): Omit<Translation, 'entity' | 'id'>[] {
  const out: Omit<Translation, 'entity' | 'id'>[] = [];
  for (const [field, tri] of Object.entries(fields)) {
    if (tri.en && tri.en !== tri['zh-Hans']) out.push({ field, language: 'en', text: tri.en });
    if (tri['zh-Hant'] && tri['zh-Hant'] !== toTraditional(tri['zh-Hans'])) out.push({ field, language: 'zh-Hant', text: tri['zh-Hant'] });
  }
  return out;
}

/**
 * Replaces the translations of some fields of one row, keeping its other fields' (call inside the
 * transaction that writes the row). `fields` names the fields whose rows go; `texts` are stored.
 */
export async function replaceFieldTexts(
  db: Kysely<Database>,
  entity: Entity,
  id: string | number,
  fields: readonly string[],
  texts: readonly Omit<Translation, 'entity' | 'id'>[],
): Promise<void> {
  await repo.deleteFieldTextsOf(db, entity, String(id), fields);
  await putTexts(
    db,
    texts.map((t) => ({ ...t, entity, id })),
  );
}

/**
 * Replaces the translations of some fields of one row with those of `fields`, as an operator edits
 * them (other fields keep theirs); call inside the transaction that writes the row.
 */
export function replaceTris(db: Kysely<Database>, entity: Entity, id: string | number, fields: Record<string, Tri>): Promise<void> {
  return replaceFieldTexts(db, entity, id, Object.keys(fields), translationsOf(fields));
}

/** A path under a root (none: the key alone). */
const at = (path: string, key: string | number) => (path ? `${path}.${key}` : String(key));

const isTri = (v: unknown): v is Tri =>
  !!v && typeof v === 'object' && !Array.isArray(v) && Object.keys(v).sort().join(',') === 'en,zh-Hans,zh-Hant';

/**
 * A document whose texts are given in the three languages (as an operator edits it): the stored
 * document (each text in Simplified Chinese) and each text by its path under `root` (empty: from the document's keys).
 */
export function splitTris<T>(doc: unknown, root: string): { stored: T; tris: Record<string, Tri> } {
  const tris: Record<string, Tri> = {};
  const walk = (v: unknown, path: string): unknown => {
    if (isTri(v)) {
      tris[path] = v;
      return v['zh-Hans'];
    }
    if (Array.isArray(v)) return v.map((x, i) => walk(x, at(path, i)));
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x, at(path, k))]));
    return v;
  };
  return { stored: walk(doc, root) as T, tris };
}

/**
 * The reverse of `splitTris`: a stored document with each string under a key of `textKeys` given
 * in the three languages as readers get them (the translations of row `id` of `entity`).
 */
export async function joinTris<T>(
  db: Kysely<Database>,
  entity: Entity,
  id: string | number,
  doc: unknown,
  root: string,
  textKeys: ReadonlySet<string>,
): Promise<T> {
  const [en, hant] = await Promise.all([textsFor(db, 'en', entity, [id]), textsFor(db, 'zh-Hant', entity, [id])]);
  const walk = (v: unknown, path: string, key: string): unknown => {
    if (typeof v === 'string' && textKeys.has(key)) return { 'zh-Hans': v, en: en.text(id, path, v), 'zh-Hant': hant.text(id, path, v) };
    if (Array.isArray(v)) return v.map((x, i) => walk(x, at(path, i), key));
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x, at(path, k), k)]));
    return v;
  };
  return walk(doc, root, '') as T;
}
