import type { AdminFront, AdminFrontReply } from '@simshop/contract/admin-content';
import type { CreateStorefrontBody, StorefrontSettings } from '@simshop/contract/admin-promoters';
import {
  type BaseConfig,
  baseConfig,
  type DictOption,
  type Front,
  front as frontSchema,
  type GenericConfig,
  genericConfig,
  normalisePromoCode,
} from '@simshop/contract/site';
import type { Kysely } from 'kysely';
import type { LRUCache } from 'lru-cache';
import { z } from 'zod';
import type { DialectName } from '../../db/dialect.ts';
import type { Database, PromotersTable } from '../../db/schema.ts';
import { ttlCache } from '../../lib/cache.ts';
import { fail, invalid } from '../../lib/errors.ts';
import type { Language } from '../../lib/messages.ts';
import { allTextsOf, joinTris, replaceFieldTexts, splitTris, textsFor, translationsOf } from '../i18n-texts/service.ts';
import * as operatorPromoters from './operator-promoters.ts';
import * as repo from './repository.ts';

export { divisionChildren, divisionName, divisionNameIn, isMunicipalDistricts } from './divisions.ts';

export type Promoter = {
  id: number;
  promoCode: string;
  name: string;
  isAgent: boolean;
  parentId: number | null;
  defaultProvince: string;
  defaultCity: string;
  config: BaseConfig;
};

type PromoterRow = Omit<PromotersTable, 'id'> & { id: number };

function toPromoter(row: PromoterRow): Promoter {
  const front: Front = frontSchema.parse(JSON.parse(row.front));
  const config = baseConfig.parse({
    front,
    promoCode: row.promo_code,
    promoName: row.name,
    isAgent: row.is_agent === 1,
    domain: row.domain,
    inviteCode: row.invite_code,
    douyinMpImId: row.douyin_mp_im_id,
    kuaishouMpImId: row.kuaishou_mp_im_id,
    showPaymentType: JSON.parse(row.show_payment_type),
    shopMenu: JSON.parse(row.shop_menu),
  });
  return {
    id: row.id,
    promoCode: row.promo_code,
    name: row.name,
    isAgent: row.is_agent === 1,
    parentId: row.parent_id,
    defaultProvince: row.default_province,
    defaultCity: row.default_city,
    config,
  };
}

/** The texts of the front settings an operator edits (translated by path: "front.indexCarousel.0.title"). */
const FRONT_TEXT_KEYS = new Set(['title', 'description', 'keywords', 'bottomTips']);
const FRONT_TEXT_FIELDS = /^front\.(title|description|keywords|bottomTips|indexCarousel\..+)$/;

const genericDefaults: GenericConfig = { orderQueryMode: 1, loginAvatar: '' };
const reportSchema = z.object({ platform: z.string(), packageName: z.string(), error: z.string() });

export interface SiteDeps {
  db: Kysely<Database>;
  dialect: DialectName;
  now: () => number;
}

/** Promoters, site settings, dictionaries, app domains and client error reports. */
export class Site {
  /** Promoter configuration changes rarely; each instance keeps it for a few seconds. */
  readonly #promoters: LRUCache<string, Promoter>;
  /** The configuration of a promoter in the other languages, made from the cached promoter (5 s too). */
  readonly #localized: LRUCache<string, { promoter: Promoter; config: BaseConfig }>;
  /** Dictionaries behind every list (operator names): one read a minute per instance, type and language. */
  readonly #dictionaries: LRUCache<string, DictOption[]>;

  constructor(private readonly deps: SiteDeps) {
    this.#promoters = ttlCache({ ttlMs: 5_000, max: 10_000, now: deps.now });
    this.#localized = ttlCache({ ttlMs: 5_000, max: 10_000, now: deps.now });
    this.#dictionaries = ttlCache({ ttlMs: 60_000, max: 300, now: deps.now });
  }

  /**
   * The promoter of a promo code; an empty, `undefined`, `null` or unknown code gets the default
   * storefront.
   */
  async resolvePromoter(rawPromoCode: unknown): Promise<Promoter> {
    const promoCode = normalisePromoCode(rawPromoCode);
    const hit = this.#promoters.get(promoCode);
    if (hit) return hit;
    const { db } = this.deps;
    const row = (promoCode && (await repo.findPromoterByCode(db, promoCode))) || (await repo.findDefaultPromoter(db));
    if (!row) throw fail('site.notConfigured');
    const promoter = toPromoter(row);
    this.#promoters.set(promoCode, promoter);
    return promoter;
  }

  /** The promoter and its upstream agents, nearest first (at most ten levels). */
  async upstreamChain(promoter: Promoter): Promise<Promoter[]> {
    const chain = [promoter];
    for (let parentId = promoter.parentId; parentId !== null && chain.length < 10; ) {
      const row = await repo.findPromoterById(this.deps.db, parentId);
      if (!row) break;
      const parent = await this.resolvePromoter(row.promo_code);
      chain.push(parent);
      parentId = parent.parentId;
    }
    return chain;
  }

  /** The promoter's direct downstream agents (promoters whose parent it is), oldest first. */
  async downstreamOf(promoter: Promoter): Promise<Promoter[]> {
    const rows = await repo.findChildren(this.deps.db, promoter.id);
    return rows.map((row) => toPromoter(row));
  }

  /** The promoter of exactly this promo code, or null (no fallback to the default storefront). */
  async findPromoter(promoCode: string): Promise<Promoter | null> {
    const row = await repo.findPromoterByCode(this.deps.db, promoCode);
    return row ? toPromoter(row) : null;
  }

  /** The promoter of an id, or null (operator tools). */
  async promoterById(id: number): Promise<Promoter | null> {
    const row = await repo.findPromoterById(this.deps.db, id);
    return row ? this.findPromoter(row.promo_code) : null;
  }

  /** Every promoter, oldest first (operator tools). */
  async allPromoters(): Promise<Promoter[]> {
    return (await repo.allPromoters(this.deps.db)).map((row) => toPromoter(row));
  }

  /** A new storefront (operator console; the chain rules of operator-promoters.ts); its id. */
  async createPromoter(input: CreateStorefrontBody): Promise<number> {
    const id = await operatorPromoters.createPromoter(this.deps.db, this.deps.dialect, input, this.deps.now());
    this.forgetPromoters();
    return id;
  }

  /** Edits a storefront's settings and upstream (operator console); before and after, or null when it does not exist. */
  async updatePromoter(id: number, input: StorefrontSettings): Promise<{ before: StorefrontSettings; after: StorefrontSettings } | null> {
    const changed = await operatorPromoters.updatePromoter(this.deps.db, this.deps.dialect, id, input, this.deps.now());
    this.forgetPromoters();
    return changed;
  }

  /** A storefront's editable settings as stored (operator console), or null. */
  promoterSettings(id: number): Promise<(StorefrontSettings & { isDefault: boolean }) | null> {
    return operatorPromoters.promoterSettings(this.deps.db, id);
  }

  /** Forgets cached promoters (after an operator edits them, and in tests). */
  forgetPromoters(): void {
    this.#promoters.clear();
    this.#localized.clear();
  }

  /** The storefront configuration of a promoter, its texts (store name, home texts, menu) in the language. */
  async getBaseConfig(promoCode: unknown, language: Language): Promise<BaseConfig> {
    const promoter = await this.resolvePromoter(promoCode);
    if (language === 'zh-Hans') return promoter.config;
    const key = `${language}|${promoter.promoCode}`;
    const hit = this.#localized.get(key);
    if (hit?.promoter === promoter) return hit.config;
    const texts = await textsFor(this.deps.db, language, 'promoter', [promoter.id]);
    const { id } = promoter;
    const config: BaseConfig = {
      ...promoter.config,
      promoName: texts.text(id, 'name', promoter.config.promoName),
      front: texts.document(id, 'front', promoter.config.front),
      shopMenu: texts.document(id, 'shopMenu', promoter.config.shopMenu),
    };
    this.#localized.set(key, { promoter, config });
    return config;
  }

  async getGenericConfig(): Promise<GenericConfig> {
    const settings = await repo.readSettings(this.deps.db, ['generic.orderQueryMode', 'generic.loginAvatar']);
    return genericConfig.parse({
      orderQueryMode: Number(settings.get('generic.orderQueryMode') ?? genericDefaults.orderQueryMode),
      loginAvatar: settings.get('generic.loginAvatar') ?? genericDefaults.loginAvatar,
    });
  }

  /** Dictionary options, labels in the language (a row's text id is `type:value`). */
  async getDictOptions(types: string[], language: Language): Promise<Record<string, DictOption[]>> {
    const unique = [...new Set(types)];
    const rows = await repo.dictOptions(this.deps.db, unique);
    const texts = await textsFor(
      this.deps.db,
      language,
      'dict',
      rows.map((r) => `${r.dict_type}:${r.value}`),
    );
    const result: Record<string, DictOption[]> = Object.fromEntries(unique.map((t) => [t, []]));
    for (const r of rows) {
      const key = `${r.dict_type}:${r.value}`;
      result[r.dict_type]?.push({ label: texts.text(key, 'label', r.label), value: r.value, key, listClass: r.list_class });
    }
    return result;
  }

  /** The enabled options of one dictionary type in their order and the language, from the one-minute cache. */
  async dictionary(type: string, language: Language): Promise<DictOption[]> {
    const key = `${language}|${type}`;
    const hit = this.#dictionaries.get(key);
    if (hit) return hit;
    const options = (await this.getDictOptions([type], language))[type] ?? [];
    this.#dictionaries.set(key, options);
    return options;
  }

  async getAppDomain(packageName: string): Promise<string> {
    const row = await repo.findAppDomain(this.deps.db, packageName);
    if (!row) throw invalid('packageName', 'site.unknownApplication');
    if (row.enabled !== 1) throw fail('system.busy');
    return row.domain;
  }

  async reportClientError(input: z.infer<typeof reportSchema>, ip: string): Promise<void> {
    await repo.insertErrorReport(this.deps.db, {
      platform: input.platform,
      package_name: input.packageName,
      error: input.error,
      ip,
      created_at: this.deps.now(),
    });
  }

  // ── Front settings (the operator console) ───────────────────────────────────────────────

  /** The front settings of a promoter an operator edits, texts in the three languages as readers get them. */
  async frontOf(promoterId: number): Promise<AdminFrontReply> {
    const promoter = await this.promoterById(promoterId);
    if (!promoter) throw invalid('promoterId', 'admin.noSuchObject');
    const f = promoter.config.front;
    const doc = {
      title: f.title,
      description: f.description,
      keywords: f.keywords,
      bottomTips: f.bottomTips,
      kefuMobile: f.kefuMobile,
      kefuUrl: f.kefuUrl,
      indexCarousel: f.indexCarousel,
      suggest: f.suggest,
      indexSearch: f.indexSearch,
    };
    const front = await joinTris<AdminFront>(this.deps.db, 'promoter', promoter.id, doc, 'front', FRONT_TEXT_KEYS);
    return { promoterId: promoter.id, promoCode: promoter.promoCode, front };
  }

  /**
   * Changes a promoter's front settings (the others kept) and their translations in one
   * transaction, and drops this instance's cached promoters: other instances see the change within
   * their cache's 5 seconds. Answers the settings before and after.
   */
  async saveFront(promoterId: number, input: AdminFront): Promise<{ before: AdminFrontReply; after: AdminFrontReply }> {
    const before = await this.frontOf(promoterId);
    const promoter = (await this.promoterById(promoterId))!;
    const { stored, tris } = splitTris<Partial<Front>>(input, 'front');
    const front = frontSchema.parse({ ...promoter.config.front, ...stored });
    const { db } = this.deps;
    const old = [...(await allTextsOf(db, 'promoter', promoterId)).keys()].filter((f) => FRONT_TEXT_FIELDS.test(f));
    await db.transaction().execute(async (trx) => {
      await repo.updateFront(trx, promoterId, JSON.stringify(front));
      await replaceFieldTexts(trx, 'promoter', promoterId, old, translationsOf(tris));
    });
    this.forgetPromoters();
    return { before, after: await this.frontOf(promoterId) };
  }
}
