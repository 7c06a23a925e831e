import { type SinglePageInfo, singlePageBlock, singlePagePopup } from '@simshop/contract/single-page';
import type { Kysely } from 'kysely';
import type { LRUCache } from 'lru-cache';
import { z } from 'zod';
import type { Database } from '../../db/schema.ts';
import { ttlCache } from '../../lib/cache.ts';
import { invalid } from '../../lib/errors.ts';
import type { Language } from '../../lib/messages.ts';
import { textsFor } from '../i18n-texts/service.ts';
import type { Site } from '../site/service.ts';
import * as repo from './repository.ts';

export interface SinglePageDeps {
  db: Kysely<Database>;
  site: Site;
  now: () => number;
}

const blocks = z.array(singlePageBlock);
const ENTITY = 'single_page';

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
}
