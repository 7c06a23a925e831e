/** Per-promoter SIM layouts, notices, agreements and the login page configuration. */

import { type AdminAgreement, AGREEMENT_TYPES, type AgreementType, type TriText } from '@simshop/contract/admin-content';
import {
  type AdminLayout,
  type AdminLayoutDraft,
  type AdminNotice,
  type LayoutPreview,
  type LayoutPreviewReply,
  type LayoutTexts,
  previewUrl,
} from '@simshop/contract/admin-layouts';
import { simLayout as layoutSchema, type SimLayout, type SimLayoutReply } from '@simshop/contract/iot';
import type { SimLoginConfig } from '@simshop/contract/iot-login';
import type { Protocol } from '@simshop/contract/iot-sims';
import type { Kysely } from 'kysely';
import type { LRUCache } from 'lru-cache';
import type { Database } from '../../db/schema.ts';
import { ttlCache } from '../../lib/cache.ts';
import { invalid, schemaRefusal } from '../../lib/errors.ts';
import { type Language, termOr } from '../../lib/messages.ts';
import { sanitizeRichText } from '../../lib/rich-text.ts';
import { allTextsOf, chineseTexts, replaceTextsOf, Texts, textsFor, toTraditional, translationsOf, trisOf } from '../i18n-texts/service.ts';
import type { Site } from '../site/service.ts';
import { BUILT_IN_ENGLISH, builtInLayout } from './default-layout.ts';
import { PREVIEW_TTL_MS, previewSimInfo, signPreview, verifyPreview } from './preview.ts';
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
  /** Signs preview tokens (the server's secret). */
  previewSecret: string;
}

/** Every string path of a layout document ("layout.menus.0.title"). */
function* stringPaths(doc: unknown, root: string): Generator<[path: string, text: string]> {
  if (typeof doc === 'string') yield [root, doc];
  else if (Array.isArray(doc)) for (const [i, v] of doc.entries()) yield* stringPaths(v, `${root}.${i}`);
  else if (doc && typeof doc === 'object') for (const [k, v] of Object.entries(doc)) yield* stringPaths(v, `${root}.${k}`);
}

/** The translations of a draft as the stored texts of one row ("draft"), for Texts. */
const draftTexts = (language: Language, texts: LayoutTexts) =>
  new Texts(
    language,
    new Map(
      language === 'zh-Hans' ? [] : Object.entries(texts).map(([path, pair]) => [`draft\u0000${path}`, pair[language as 'en' | 'zh-Hant']]),
    ),
  );

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

  // ── Editing (the operator console) ──────────────────────────────────────────────────────

  /** The published layout of a promoter (own, inherited or built in) with its translations, and its newest draft. */
  async editable(promoterId: number): Promise<AdminLayout> {
    const { db, site } = this.deps;
    const promoter = await site.promoterById(promoterId);
    if (!promoter) throw invalid('promoterId', 'admin.noSuchObject');
    let source: AdminLayout['source'] = 'own';
    let owner = promoter.id;
    let row = await repo.findLayout(db, owner);
    if (!row) {
      source = 'inherited';
      const fallback = await site.resolvePromoter('');
      owner = fallback.id;
      row = fallback.id === promoter.id ? undefined : await repo.findLayout(db, owner);
    }
    if (!row) source = 'builtIn';
    const layout = row ? parseLayout(JSON.parse(row.config)) : builtInLayout();
    const texts = await this.#textsForEditing(row ? owner : null, layout);
    const draftRow = await repo.newestDraft(db, promoter.id, row && source === 'own' ? Number(row.version) : 0);
    const draft: AdminLayoutDraft | null = draftRow
      ? {
          id: Number(draftRow.id),
          createdAt: Number(draftRow.created_at),
          publishedAt: draftRow.published_at === null ? null : Number(draftRow.published_at),
          layout: parseLayout(JSON.parse(draftRow.config)),
          texts: JSON.parse(draftRow.texts) as LayoutTexts,
        }
      : null;
    return {
      promoter: { id: promoter.id, promoCode: promoter.promoCode, name: promoter.name },
      source,
      version: row && source === 'own' ? Number(row.version) : 0,
      layout,
      texts,
      draft,
    };
  }

  /**
   * The English and Traditional Chinese of every text of a layout an operator edits: each Chinese
   * string (its own translation, else the shipped English or the stored text, else the conversion)
   * and each other string that has a translation of its own.
   */
  async #textsForEditing(owner: number | null, layout: SimLayout): Promise<LayoutTexts> {
    const own = owner === null ? new Map<string, Map<string, string>>() : await allTextsOf(this.deps.db, 'iot_layout', owner);
    const en = owner === null ? new Texts('en', new Map(), BUILT_IN_ENGLISH) : await textsFor(this.deps.db, 'en', 'iot_layout', [owner]);
    const hant = owner === null ? new Texts('zh-Hant') : await textsFor(this.deps.db, 'zh-Hant', 'iot_layout', [owner]);
    const chinese = new Set([...chineseTexts(layout, 'layout')].map(([path]) => path));
    const out: LayoutTexts = {};
    for (const [path, text] of stringPaths(layout, 'layout')) {
      const mine = own.get(path);
      if (!chinese.has(path) && !mine) continue;
      out[path] = {
        en: mine?.get('en') ?? en.text(owner ?? 0, path, text),
        'zh-Hant': mine?.get('zh-Hant') ?? hant.text(owner ?? 0, path, text),
      };
    }
    return out;
  }

  /** Saves a draft of a promoter's layout (validated); the shop does not see it until it is published. */
  async saveDraft(promoterId: number, layout: unknown, texts: LayoutTexts, operatorId: number): Promise<number> {
    const parsed = parseLayout(layout);
    return repo.insertDraft(this.deps.db, {
      promoter_id: promoterId,
      config: JSON.stringify(parsed),
      texts: JSON.stringify(texts),
      operator_id: operatorId,
      created_at: this.deps.now(),
    });
  }

  /**
   * Publishes a draft: it becomes the promoter's own layout with its translations, in one
   * transaction. Answers the published layout before and after (with their translations).
   */
  async publishDraft(
    promoterId: number,
    draftId: number,
  ): Promise<{
    version: number;
    before: { source: string; layout: SimLayout; texts: LayoutTexts };
    after: { layout: SimLayout; texts: LayoutTexts };
  }> {
    const { db } = this.deps;
    const draft = await repo.findDraft(db, promoterId, draftId);
    if (!draft) throw invalid('draftId', 'layouts.noDraft');
    const current = await this.editable(promoterId);
    const layout = parseLayout(JSON.parse(draft.config));
    const texts = JSON.parse(draft.texts) as LayoutTexts;
    const now = this.deps.now();
    const rows: { field: string; language: 'en' | 'zh-Hant'; text: string }[] = [];
    const stored = new Map(stringPaths(layout, 'layout'));
    for (const [path, pair] of Object.entries(texts)) {
      const text = stored.get(path);
      if (text === undefined) continue;
      // What the reader would get without a row of its own is not stored.
      if (pair.en !== text) rows.push({ field: path, language: 'en', text: pair.en });
      if (pair['zh-Hant'] !== toTraditional(text)) rows.push({ field: path, language: 'zh-Hant', text: pair['zh-Hant'] });
    }
    await db.transaction().execute(async (trx) => {
      await repo.upsertLayout(trx, promoterId, JSON.stringify(layout), now);
      await replaceTextsOf(trx, 'iot_layout', promoterId, rows);
      await repo.markDraftPublished(trx, draftId, now);
    });
    this.#cache.clear();
    return {
      version: now,
      before: { source: current.source, layout: current.layout, texts: current.texts },
      after: { layout, texts },
    };
  }

  /** A preview of a draft (or of the published layout: draftId null), valid for PREVIEW_TTL_MS. */
  async previewOf(promoterId: number, draftId: number | null): Promise<LayoutPreview> {
    if (draftId !== null && !(await repo.findDraft(this.deps.db, promoterId, draftId))) throw invalid('draftId', 'layouts.noDraft');
    const expiresAt = this.deps.now() + PREVIEW_TTL_MS;
    const token = signPreview(this.deps.previewSecret, { promoterId, draftId: draftId ?? 0, expiresAt });
    return { token, expiresAt, url: previewUrl(token) };
  }

  /**
   * What a preview token shows: its layout (draft or published) and demo card facts carrying the
   * preview SIM number (spec §2 iotPreview); nothing else. The token alone decides who may look.
   */
  async preview(token: string, language: Language, simNo?: string): Promise<LayoutPreviewReply> {
    const now = this.deps.now();
    const claims = verifyPreview(this.deps.previewSecret, token, now);
    const promoter = await this.deps.site.promoterById(claims.promoterId);
    if (!promoter) throw invalid('token', 'layouts.previewExpired');
    const live = await this.getLayout(promoter.promoCode, language);
    let layout = live;
    if (claims.draftId !== 0) {
      const draft = await repo.findDraft(this.deps.db, promoter.id, claims.draftId);
      if (!draft) throw invalid('token', 'layouts.previewExpired');
      const texts = draftTexts(language, JSON.parse(draft.texts) as LayoutTexts);
      layout = {
        promoCode: promoter.promoCode,
        version: Number(draft.created_at),
        layout: texts.document('draft', 'layout', parseLayout(JSON.parse(draft.config))),
        notices: live.notices,
      };
    }
    return { layout, simInfo: previewSimInfo(promoter.promoCode, language, now, simNo) };
  }

  // ── Notices (the operator console) ──────────────────────────────────────────────────────

  /** Every notice of a promoter (enabled or not, past, present and future) in the three languages. */
  async noticesOf(promoterId: number): Promise<AdminNotice[]> {
    const rows = await repo.noticesOf(this.deps.db, promoterId);
    const tris = await trisOf(this.deps.db, 'iot_notice', rows, ['title', 'content'] as const);
    return rows.map((r) => ({
      id: Number(r.id),
      title: tris.get(r.id)!.title,
      content: tris.get(r.id)!.content,
      startAt: Number(r.starts_at),
      endAt: r.ends_at === null ? null : Number(r.ends_at),
      enabled: r.enabled === 1,
      sort: r.sort,
    }));
  }

  /**
   * Adds a notice to a promoter's dashboard, or changes one of its own, with its translations, in
   * one transaction. Answers it before (null when new) and after.
   */
  async saveNotice(
    promoterId: number,
    input: Omit<AdminNotice, 'id'> & { id?: number | undefined },
  ): Promise<{ before: AdminNotice | null; after: AdminNotice }> {
    if (input.endAt !== null && input.endAt <= input.startAt) throw invalid('endAt', 'layouts.endBeforeStart');
    const { db } = this.deps;
    const before = input.id === undefined ? null : ((await this.noticesOf(promoterId)).find((n) => n.id === input.id) ?? null);
    if (input.id !== undefined && !before) throw invalid('id', 'admin.noSuchObject');
    const row: repo.NoticeRow = {
      title: input.title['zh-Hans'],
      content: input.content['zh-Hans'],
      starts_at: input.startAt,
      ends_at: input.endAt,
      enabled: input.enabled ? 1 : 0,
      sort: input.sort,
    };
    const id = await db.transaction().execute(async (trx) => {
      const noticeId = input.id ?? (await repo.insertNotice(trx, promoterId, row, this.deps.now()));
      if (input.id !== undefined) await repo.updateNotice(trx, promoterId, noticeId, row);
      await replaceTextsOf(trx, 'iot_notice', noticeId, translationsOf({ title: input.title, content: input.content }));
      return noticeId;
    });
    this.#cache.clear();
    const after = (await this.noticesOf(promoterId)).find((n) => n.id === id)!;
    return { before, after };
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

  // ── Agreements (the operator console) ───────────────────────────────────────────────────

  /**
   * Every agreement type of a promoter as its readers get it, in the three languages: its own, else
   * the default storefront's (inherited), else none yet.
   */
  async agreementsOf(promoterId: number): Promise<AdminAgreement[]> {
    const fallback = await this.deps.site.resolvePromoter('');
    const rows = await repo.protocolsOf(this.deps.db, [promoterId, fallback.id]);
    return AGREEMENT_TYPES.map((type) => {
      const own = rows.filter((r) => r.type === type && r.promoter_id === promoterId);
      const inherited = rows.filter((r) => r.type === type && r.promoter_id === fallback.id);
      const pool = own.length > 0 ? own : inherited;
      const source: AdminAgreement['source'] = own.length > 0 ? 'own' : inherited.length > 0 ? 'inherited' : 'none';
      const of = (l: string) => pool.find((r) => r.language === l);
      const hans = of('zh-Hans');
      const en = of('en') ?? hans;
      const hant = of('zh-Hant');
      const tri = (field: 'title' | 'content'): TriText => ({
        'zh-Hans': hans?.[field] ?? en?.[field] ?? '',
        en: en?.[field] ?? '',
        'zh-Hant': hant?.[field] ?? toTraditional(hans?.[field] ?? ''),
      });
      const newest = pool.reduce((a, r) => Math.max(a, Number(r.updated_at)), 0);
      return {
        type,
        source,
        title: tri('title'),
        content: tri('content'),
        version: pool.reduce((a, r) => Math.max(a, Number(r.version)), 0),
        updatedAt: newest,
      };
    });
  }

  /**
   * Writes a promoter's own agreement of a type in the three languages, in one transaction (content
   * sanitised; Traditional Chinese converted from the Simplified when empty); its version goes up.
   */
  async saveAgreement(
    promoterId: number,
    type: AgreementType,
    title: TriText,
    content: TriText,
  ): Promise<{ before: AdminAgreement; after: AdminAgreement }> {
    const before = (await this.agreementsOf(promoterId)).find((a) => a.type === type)!;
    const version = (before.source === 'own' ? before.version : 0) + 1;
    const now = this.deps.now();
    const texts: Record<Language, [string, string]> = {
      'zh-Hans': [title['zh-Hans'], sanitizeRichText(content['zh-Hans'])],
      en: [title.en, sanitizeRichText(content.en)],
      'zh-Hant': [
        title['zh-Hant'] || toTraditional(title['zh-Hans']),
        sanitizeRichText(content['zh-Hant'] || toTraditional(content['zh-Hans'])),
      ],
    };
    await this.deps.db.transaction().execute(async (trx) => {
      for (const [language, [t, c]] of Object.entries(texts)) {
        await repo.upsertProtocol(trx, { promoter_id: promoterId, type, language, title: t, content: c, version, updated_at: now });
      }
    });
    const after = (await this.agreementsOf(promoterId)).find((a) => a.type === type)!;
    return { before, after };
  }

  /** Agreement content as readers will see it (sanitised), per language. */
  previewAgreement(content: TriText): TriText {
    return {
      'zh-Hans': sanitizeRichText(content['zh-Hans']),
      en: sanitizeRichText(content.en),
      'zh-Hant': sanitizeRichText(content['zh-Hant'] || toTraditional(content['zh-Hans'])),
    };
  }
}
