/** Per-promoter SIM layouts, notices, agreements and the login page configuration. */
import { simLayout as layoutSchema, type SimLayout, type SimLayoutReply } from '@simshop/contract/iot';
import type { SimLoginConfig } from '@simshop/contract/iot-login';
import type { Protocol } from '@simshop/contract/iot-sims';
import type { Kysely } from 'kysely';
import type { LRUCache } from 'lru-cache';
import type { Database } from '../../db/schema.ts';
import { ttlCache } from '../../lib/cache.ts';
import { invalid, schemaRefusal } from '../../lib/errors.ts';
import { type Language, termOr } from '../../lib/messages.ts';
import { Texts, textsFor, toTraditional } from '../i18n-texts/service.ts';
import type { Site } from '../site/service.ts';
import { BUILT_IN_ENGLISH, builtInLayout } from './default-layout.ts';
import * as repo from './repository.ts';

/** Validates a layout against the contract; the message names the first wrong field. */
export function parseLayout(value: unknown): SimLayout {
  const parsed = layoutSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw schemaRefusal(issue ?? {}, ['layout', ...(issue?.path ?? [])].join('.'));
  }
  return parsed.data;
}

const LANGUAGE_FALLBACK = ['zh-Hans', 'en', 'zh-Hant'];

export interface LayoutsDeps {
  db: Kysely<Database>;
  site: Site;
  now: () => number;
}

/** Per-promoter SIM layouts, notices, agreements and the login page configuration. */
export class Layouts {
  /** Layouts change rarely; each instance keeps them for a few seconds (like promoters). */
  readonly #cache: LRUCache<string, SimLayoutReply>;

  constructor(private readonly deps: LayoutsDeps) {
    this.#cache = ttlCache({ ttlMs: 5_000, max: 10_000, now: deps.now });
  }

  /** Stores the layout of a promoter (validated); its version becomes now. */
  async saveLayout(promoCode: string, layout: unknown): Promise<void> {
    const promoter = await this.deps.site.resolvePromoter(promoCode);
    if (promoter.promoCode !== promoCode) throw invalid('promoCode', 'site.unknownPromoter', { promoCode });
    await repo.upsertLayout(this.deps.db, promoter.id, JSON.stringify(parseLayout(layout)), this.deps.now());
    this.#cache.clear();
  }

  /**
   * The layout of a promoter: its own, else the default promoter's, else the built-in one; with the
   * notices in force now.
   */
  async getLayout(promoCode: string, language: Language): Promise<SimLayoutReply> {
    const key = `${language}|${promoCode}`;
    const hit = this.#cache.get(key);
    if (hit) return hit;
    const { db, site } = this.deps;
    const now = this.deps.now();
    const promoter = await site.resolvePromoter(promoCode);
    let owner = promoter.id;
    let row = await repo.findLayout(db, owner);
    if (!row) {
      const fallback = await site.resolvePromoter('');
      if (fallback.id !== promoter.id) {
        owner = fallback.id;
        row = await repo.findLayout(db, owner);
      }
    }
    const rows = await repo.activeNotices(db, promoter.id, now);
    const [layoutTexts, noticeTexts] = await Promise.all([
      row ? textsFor(db, language, 'iot_layout', [owner]) : Promise.resolve(new Texts(language, new Map(), BUILT_IN_ENGLISH)),
      textsFor(
        db,
        language,
        'iot_notice',
        rows.map((n) => n.id),
      ),
    ]);
    const layout = layoutTexts.document(owner, 'layout', row ? parseLayout(JSON.parse(row.config)) : builtInLayout());
    const notices = rows.map((n) => ({
      id: n.id,
      title: noticeTexts.text(n.id, 'title', n.title),
      content: noticeTexts.text(n.id, 'content', n.content),
      startAt: n.starts_at,
      endAt: n.ends_at,
    }));
    const reply: SimLayoutReply = { promoCode: promoter.promoCode, version: row?.version ?? 0, layout, notices };
    this.#cache.set(key, reply);
    return reply;
  }

  /** Forgets cached layouts (after an operator edits them, and in tests). */
  forgetLayouts(): void {
    this.#cache.clear();
  }

  async getLoginConfig(promoCode: unknown, language: Language): Promise<SimLoginConfig> {
    const promoter = await this.deps.site.resolvePromoter(promoCode);
    const { layout } = await this.getLayout(promoter.promoCode, language);
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

  /**
   * An agreement of a promoter (or of the default promoter when it has none) in the language asked,
   * else Simplified Chinese, else English.
   */
  async getProtocol(promoCode: unknown, type: Protocol['type'], language: string): Promise<Protocol> {
    const { db, site } = this.deps;
    const promoter = await site.resolvePromoter(promoCode);
    const fallback = await site.resolvePromoter('');
    const rows = await repo.protocols(db, [promoter.id, fallback.id], type);
    const own = rows.filter((r) => r.promoter_id === promoter.id);
    const pool = own.length > 0 ? own : rows;
    const order = [language, ...LANGUAGE_FALLBACK.filter((l) => l !== language)];
    const row = order.map((l) => pool.find((r) => r.language === l)).find(Boolean);
    if (!row) throw invalid('type', 'site.noAgreement', { type: termOr('term.agreement', type) });
    // Traditional Chinese is never answered with the Simplified text: it is converted.
    if (language === 'zh-Hant' && row.language === 'zh-Hans') {
      return {
        type,
        language,
        title: toTraditional(row.title),
        content: toTraditional(row.content),
        version: row.version,
        updatedAt: row.updated_at,
      };
    }
    return { type, language: row.language, title: row.title, content: row.content, version: row.version, updatedAt: row.updated_at };
  }
}
