/** Per-promoter SIM layouts, notices, agreements and the login page configuration. */
import { simLayout as layoutSchema, type SimLayout, type SimLayoutReply } from '@simshop/contract/iot';
import type { SimLoginConfig } from '@simshop/contract/iot-login';
import type { Protocol } from '@simshop/contract/iot-sims';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { invalid, schemaRefusal } from '../../lib/errors.ts';
import { termOr } from '../../lib/messages.ts';
import { resolvePromoter } from '../site/service.ts';
import { builtInLayout } from './default-layout.ts';
import * as repo from './repository.ts';

/** Layouts change rarely; each instance keeps them for a few seconds (like promoters). */
const CACHE_MS = 5_000;
const cache = new WeakMap<object, Map<string, { at: number; reply: SimLayoutReply }>>();

/** Validates a layout against the contract; the message names the first wrong field. */
export function parseLayout(value: unknown): SimLayout {
  const parsed = layoutSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw schemaRefusal(issue ?? {}, ['layout', ...(issue?.path ?? [])].join('.'));
  }
  return parsed.data;
}

/** Stores the layout of a promoter (validated); its version becomes `now`. */
export async function saveLayout(db: Kysely<Database>, promoCode: string, layout: unknown, now: number): Promise<void> {
  const promoter = await resolvePromoter(db, promoCode, now);
  if (promoter.promoCode !== promoCode) throw invalid('promoCode', 'site.unknownPromoter', { promoCode });
  await repo.upsertLayout(db, promoter.id, JSON.stringify(parseLayout(layout)), now);
  cache.delete(db);
}

/**
 * The layout of a promoter: its own, else the default promoter's, else the built-in one; with the
 * notices in force now.
 */
export async function getLayout(db: Kysely<Database>, promoCode: string, now: number): Promise<SimLayoutReply> {
  let byCode = cache.get(db);
  if (!byCode) {
    byCode = new Map();
    cache.set(db, byCode);
  }
  const hit = byCode.get(promoCode);
  if (hit && now - hit.at < CACHE_MS && now >= hit.at) return hit.reply;

  const promoter = await resolvePromoter(db, promoCode, now);
  let row = await repo.findLayout(db, promoter.id);
  if (!row) {
    const fallback = await resolvePromoter(db, '', now);
    if (fallback.id !== promoter.id) row = await repo.findLayout(db, fallback.id);
  }
  const layout = row ? parseLayout(JSON.parse(row.config)) : builtInLayout();
  const notices = (await repo.activeNotices(db, promoter.id, now)).map((n) => ({
    id: n.id,
    title: n.title,
    content: n.content,
    startAt: n.starts_at,
    endAt: n.ends_at,
  }));
  const reply: SimLayoutReply = { promoCode: promoter.promoCode, version: row?.version ?? 0, layout, notices };
  if (byCode.size > 10_000) byCode.clear();
  byCode.set(promoCode, { at: now, reply });
  return reply;
}

/** Forgets cached layouts (after an operator edits them, and in tests). */
export function forgetLayouts(db: Kysely<Database>): void {
  cache.delete(db);
}

export async function getLoginConfig(db: Kysely<Database>, promoCode: unknown, now: number): Promise<SimLoginConfig> {
  const promoter = await resolvePromoter(db, promoCode, now);
  const { layout } = await getLayout(db, promoter.promoCode, now);
  return {
    name: layout.name,
    logo: layout.logo,
    kefuUrl: layout.kefuUrl,
    snLogin: true,
    codeLogin: true,
    agreementRequired: true,
    recentLogins: 5,
    codeLength: 6,
    codeTtlSeconds: 300,
    codeResendSeconds: 60,
  };
}

const LANGUAGE_FALLBACK = ['zh-Hans', 'en', 'zh-Hant'];

/**
 * An agreement of a promoter (or of the default promoter when it has none) in the language asked,
 * else Simplified Chinese, else English.
 */
export async function getProtocol(
  db: Kysely<Database>,
  promoCode: unknown,
  type: Protocol['type'],
  language: string,
  now: number,
): Promise<Protocol> {
  const promoter = await resolvePromoter(db, promoCode, now);
  const fallback = await resolvePromoter(db, '', now);
  const rows = await repo.protocols(db, [promoter.id, fallback.id], type);
  const own = rows.filter((r) => r.promoter_id === promoter.id);
  const pool = own.length > 0 ? own : rows;
  const order = [language, ...LANGUAGE_FALLBACK.filter((l) => l !== language)];
  const row = order.map((l) => pool.find((r) => r.language === l)).find(Boolean);
  if (!row) throw invalid('type', 'site.noAgreement', { type: termOr('term.agreement', type) });
  return { type, language: row.language, title: row.title, content: row.content, version: row.version, updatedAt: row.updated_at };
}
