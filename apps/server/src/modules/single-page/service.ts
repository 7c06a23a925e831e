import type { AdminPageBlock, AdminSinglePage, AdminSinglePageBody, TriText } from '@simshop/contract/admin-content';
import { type SinglePageInfo, singlePageBlock, singlePagePopup } from '@simshop/contract/single-page';
import type { Kysely } from 'kysely';
import type { LRUCache } from 'lru-cache';
import { z } from 'zod';
import { isUniqueViolation } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';
import { ttlCache } from '../../lib/cache.ts';
import { invalid } from '../../lib/errors.ts';
import type { Language } from '../../lib/messages.ts';
import { sanitizeRichText } from '../../lib/rich-text.ts';
import { joinTris, replaceTextsOf, splitTris, textsFor, translationsOf } from '../i18n-texts/service.ts';
import type { Site } from '../site/service.ts';
import * as repo from './repository.ts';

export interface SinglePageDeps {
  db: Kysely<Database>;
  site: Site;
  now: () => number;
}

const blocks = z.array(singlePageBlock);
const ENTITY = 'single_page';
/** The keys of a page's texts (translated by their path: "blocks.1.content", "popup.title"). */
const TEXT_KEYS = new Set(['title', 'content', 'text', 'buttonText']);

const cleanTri = (t: TriText): TriText => ({
  'zh-Hans': sanitizeRichText(t['zh-Hans']),
  en: sanitizeRichText(t.en),
  'zh-Hant': sanitizeRichText(t['zh-Hant']),
});

/** Featured landing pages of the promoters, by page code. */
export class SinglePages {
  /** Pages per promoter, code and language, for a few seconds (a landing page takes an ad's traffic). */
  readonly #pages: LRUCache<string, SinglePageInfo>;

  constructor(private readonly deps: SinglePageDeps) {
    this.#pages = ttlCache({ ttlMs: 5_000, max: 1_000, now: deps.now });
  }

  /** The page of a code of the promoter (or of the default storefront when the promoter has none of that code). */
  async info(pageCode: string, promoCode: unknown, language: Language): Promise<SinglePageInfo> {
    const { db, site } = this.deps;
    const promoter = await site.resolvePromoter(promoCode);
    const key = `${language}|${promoter.id}|${pageCode}`;
    const hit = this.#pages.get(key);
    if (hit) return hit;
    const fallback = await site.resolvePromoter('');
    const rows = await repo.pagesOfCode(db, pageCode, [promoter.id, fallback.id]);
    const row = rows.find((r) => r.promoter_id === promoter.id) ?? rows[0];
    if (!row) throw invalid('pageCode', 'single.noSuchPage');
    const texts = await textsFor(db, language, ENTITY, [row.id]);
    const page: SinglePageInfo = {
      pageCode: row.page_code,
      promoCode: promoter.promoCode,
      title: texts.text(row.id, 'title', row.title),
      blocks: texts.document(row.id, 'blocks', blocks.parse(JSON.parse(row.blocks))),
      popup: texts.document(row.id, 'popup', singlePagePopup.parse(JSON.parse(row.popup))),
      updatedAt: row.updated_at,
    };
    this.#pages.set(key, page);
    return page;
  }

  // ── Editing (the operator console) ──────────────────────────────────────────────────────

  /** Every page of a promoter (enabled or not), its texts in the three languages as readers get them. */
  async pagesOf(promoterId: number): Promise<AdminSinglePage[]> {
    const rows = await repo.pagesOf(this.deps.db, promoterId);
    return Promise.all(rows.map((r) => this.#editable(r)));
  }

  async #editable(r: Awaited<ReturnType<typeof repo.pagesOf>>[number]): Promise<AdminSinglePage> {
    const doc = { title: r.title, blocks: JSON.parse(r.blocks) as unknown, popup: JSON.parse(r.popup) as unknown };
    const tri = await joinTris<Pick<AdminSinglePage, 'title' | 'blocks' | 'popup'>>(this.deps.db, ENTITY, r.id, doc, '', TEXT_KEYS);
    return {
      id: Number(r.id),
      promoterId: Number(r.promoter_id),
      pageCode: r.page_code,
      title: tri.title,
      blocks: tri.blocks,
      popup: tri.popup,
      enabled: r.enabled === 1,
      updatedAt: Number(r.updated_at),
    };
  }

  /**
   * Adds a page to a promoter or changes one of its own, with its translations, in one transaction
   * (rich text sanitised). Answers it before (null when new) and after.
   */
  async savePage(input: AdminSinglePageBody): Promise<{ before: AdminSinglePage | null; after: AdminSinglePage }> {
    const { db } = this.deps;
    const { promoterId } = input;
    const old = input.id === undefined ? undefined : await repo.findPage(db, promoterId, input.id);
    if (input.id !== undefined && !old) throw invalid('id', 'admin.noSuchObject');
    const taken = await repo.findPageByCode(db, promoterId, input.pageCode);
    if (taken && Number(taken.id) !== input.id) throw invalid('pageCode', 'single.codeTaken');
    const before = old ? await this.#editable(old) : null;
    const blocksIn: AdminPageBlock[] = input.blocks.map((b) => (b.type === 'text' ? { ...b, content: cleanTri(b.content) } : b));
    const popupIn = { ...input.popup, content: cleanTri(input.popup.content) };
    const { stored, tris } = splitTris<{ title: string; blocks: unknown; popup: unknown }>(
      { title: input.title, blocks: blocksIn, popup: popupIn },
      '',
    );
    const row: repo.PageRow = {
      page_code: input.pageCode,
      title: stored.title,
      blocks: JSON.stringify(blocks.parse(stored.blocks)),
      popup: JSON.stringify(singlePagePopup.parse(stored.popup)),
      enabled: input.enabled ? 1 : 0,
    };
    const texts = translationsOf(tris);
    const now = this.deps.now();
    // A code taken meanwhile by another save is refused like one taken before.
    const id = await db
      .transaction()
      .execute(async (trx) => {
        const pageId = input.id ?? (await repo.insertPage(trx, promoterId, row, now));
        if (input.id !== undefined) await repo.updatePage(trx, promoterId, pageId, row, now);
        await replaceTextsOf(trx, ENTITY, pageId, texts);
        return pageId;
      })
      .catch((error: unknown) => {
        throw isUniqueViolation(error) ? invalid('pageCode', 'single.codeTaken') : error;
      });
    this.#pages.clear();
    const after = (await this.pagesOf(promoterId)).find((p) => p.id === id)!;
    return { before, after };
  }

  /** Removes a page of a promoter with its translations; answers it as it was. */
  async deletePage(promoterId: number, id: number): Promise<AdminSinglePage> {
    const { db } = this.deps;
    const old = await repo.findPage(db, promoterId, id);
    if (!old) throw invalid('id', 'admin.noSuchObject');
    const before = await this.#editable(old);
    await db.transaction().execute(async (trx) => {
      await repo.deletePage(trx, promoterId, id);
      await replaceTextsOf(trx, ENTITY, id, []);
    });
    this.#pages.clear();
    return before;
  }
}
