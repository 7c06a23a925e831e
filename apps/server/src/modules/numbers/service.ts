import {
  FEATURED_OPERATOR,
  type NumberDetail,
  type NumberFilterOptions,
  type NumberItem,
  type NumberListReply,
  type NumberPackage,
  type NumberStatus,
  type numberListQuery,
  PATTERN_TAGS,
  type PatternTag,
} from '@simshop/contract/numbers';
import type { Kysely, Transaction } from 'kysely';
import type { LRUCache } from 'lru-cache';
import type { z } from 'zod';
import type { Database } from '../../db/schema.ts';
import { ttlCache } from '../../lib/cache.ts';
import { invalid } from '../../lib/errors.ts';
import type { Language } from '../../lib/messages.ts';
import { Texts, textsFor } from '../i18n-texts/service.ts';
import { divisionNameIn, isMunicipalDistricts, type Promoter, type Site } from '../site/service.ts';
import { FEATURED_BIT, TAG_BIT, tagMask, tagsOfMask } from './patterns.ts';
import * as repo from './repository.ts';

export {
  addNumbers,
  type CheckedLine,
  checkImport,
  holdNumber,
  type ImportLine,
  type ImportProblem,
  type InventoryFilter,
  inventoryList,
  OPERATOR_CODES,
  releaseNumber,
} from './inventory.ts';
export { operatorNumberPackages, saveNumberPackage } from './operator-packages.ts';
export { applyPriceRule, newPrice, PERCENT_RANGE, previewPriceRule } from './operator-prices.ts';
export { tagsOfMask } from './patterns.ts';

import { COUNT_CAP, type ListedNumber, type MarkupLayer, markupOf, type NumberFilter, searchNumbers } from './search.ts';

type Db = Kysely<Database>;
type Trx = Kysely<Database> | Transaction<Database>;

export const PATTERN_LABELS: Record<PatternTag, string> = {
  AAAA: 'AAAA 炸弹',
  AAA: 'AAA 豹子',
  AABB: 'AABB',
  ABAB: 'ABAB',
  ABBA: 'ABBA',
  ASC: '顺子 (1234)',
  DESC: '倒顺 (4321)',
  TAIL8: '尾号 88',
  TAIL6: '尾号 66',
  TAIL9: '尾号 99',
  TAIL520: '尾号 520',
  TAIL1314: '尾号 1314',
  NO4: '不含 4',
  MMDD: '生日 (MMDD)',
  YYYYMMDD: '生日 (YYYYMMDD)',
};

function toItem(row: ListedNumber, names: Map<string, string>, language: Language): NumberItem {
  return {
    number: row.number,
    segment: row.segment,
    operator: row.operator,
    operatorName: names.get(row.operator) ?? row.operator,
    province: row.province,
    provinceName: divisionNameIn(row.province, language) ?? '',
    city: row.city,
    cityName: isMunicipalDistricts(row.city) ? '' : (divisionNameIn(row.city, language) ?? ''),
    price: row.price,
    prestored: row.prestored,
    tags: tagsOfMask(row.tags),
    featured: (row.tags & FEATURED_BIT) !== 0,
  };
}

function filterOf(promoter: Promoter, q: z.output<typeof numberListQuery>): NumberFilter {
  const bits: number[] = [];
  if (q.pattern) bits.push(TAG_BIT[q.pattern]);
  if (q.operator === FEATURED_OPERATOR) {
    if (!promoter.config.front.suggest) throw invalid('operator', 'numbers.featuredOff');
    bits.push(FEATURED_BIT);
  }
  if (q.exclude4 && !bits.includes(TAG_BIT.NO4)) bits.push(TAG_BIT.NO4);
  if (q.city && q.province && !q.city.startsWith(q.province.slice(0, 2))) throw invalid('city', 'numbers.cityNotInProvince');
  if (q.minPrice !== undefined && q.maxPrice !== undefined && q.minPrice > q.maxPrice) {
    throw invalid('minPrice', 'numbers.minAboveMax');
  }
  return {
    bits,
    operator: q.operator && q.operator !== FEATURED_OPERATOR ? q.operator : undefined,
    province: q.province || undefined,
    city: q.city || undefined,
    segment: q.segment || undefined,
    contains: q.contains || undefined,
    endsWith: q.endsWith || undefined,
    minPrice: q.minPrice,
    maxPrice: q.maxPrice,
    sort: q.sort,
    offset: (q.page - 1) * q.pageSize,
    limit: q.pageSize,
  };
}

type PackageRow = Awaited<ReturnType<typeof repo.packagesFor>>[number];

function toPackage(p: PackageRow, texts: Texts): NumberPackage {
  return {
    id: p.id,
    operator: p.operator,
    name: texts.text(p.id, 'name', p.name),
    monthlyFee: p.monthly_fee,
    dataMb: p.data_mb,
    voiceMinutes: p.voice_minutes,
    description: texts.text(p.id, 'description', p.description),
  };
}

/** Packages with their texts in the language. */
async function localPackages(db: Trx, rows: PackageRow[], language: Language): Promise<NumberPackage[]> {
  const texts = await textsFor(
    db,
    language,
    'number_package',
    rows.map((p) => p.id),
  );
  return rows.map((p) => toPackage(p, texts));
}

const PRICE_RANGES: NumberFilterOptions['priceRanges'] = [
  { label: '免费靓号', min: 0, max: 0 },
  { label: '1-200 元', min: 100, max: 200_00 },
  { label: '200-1000 元', min: 200_00, max: 1000_00 },
  { label: '1000-5000 元', min: 1000_00, max: 5000_00 },
  { label: '5000 元以上', min: 5000_00, max: null },
];

const SORTS = [
  { label: '综合排序', value: 'default' },
  { label: '价格从低到高', value: 'price_asc' },
  { label: '价格从高到低', value: 'price_desc' },
];

// ---- used by the orders module, inside its transactions ----

/** One agent's markup over the price below it: the first rule whose pattern the number has, else `otherwise`. */
export interface NumberMarkup {
  byPattern: { pattern: PatternTag; markup: number }[];
  otherwise: number;
}

/**
 * The markups over the numbers' own prices that a storefront's shoppers pay, from the top of its
 * agent chain down (agents' custom prices, registered by the agents module); by default none.
 */
export type NumberPricing = (promoter: Promoter) => Promise<NumberMarkup[]>;

const layersOf = (markups: NumberMarkup[]): MarkupLayer[] =>
  markups.map((m) => ({ byBits: m.byPattern.map((r) => ({ bit: TAG_BIT[r.pattern], markup: r.markup })), otherwise: m.otherwise }));

export interface HoldableNumber {
  tags: PatternTag[];
  id: number;
  number: string;
  operator: string;
  price: number;
  prestored: number;
  minMonthlyFee: number;
  status: string;
  orderId: number | null;
}

type InventoryOptions = Omit<NumberFilterOptions, 'operators'>;

/** A number with its region (what number alerts match on). */
export interface WatchedNumber extends HoldableNumber {
  province: string;
  city: string;
}

type NumberRow = {
  id: number;
  number: string;
  operator: string;
  price: number;
  prestored: number;
  min_monthly_fee: number;
  tags: number;
  status: string;
  order_id: number | null;
};

function holdableOf(row: NumberRow): HoldableNumber {
  return {
    tags: tagsOfMask(row.tags),
    id: row.id,
    number: row.number,
    operator: row.operator,
    price: row.price,
    prestored: row.prestored,
    minMonthlyFee: row.min_monthly_fee,
    status: row.status,
    orderId: row.order_id,
  };
}

export interface NumbersDeps {
  db: Db;
  site: Site;
  now: () => number;
}

/** The vanity-number inventory: search, details, packages, filter options; holds and sales for orders. */
export class Numbers {
  /** Filter options change only with the inventory's shape; kept a minute per instance. */
  readonly #inventoryOptions: LRUCache<Language, InventoryOptions>;

  #pricing: NumberPricing = async () => [];

  constructor(private readonly deps: NumbersDeps) {
    this.#inventoryOptions = ttlCache({ ttlMs: 60_000, max: 3, now: deps.now });
  }

  /** Sets how a storefront's prices follow from the numbers' own (the agents module). */
  usePricing(pricing: NumberPricing): void {
    this.#pricing = pricing;
  }

  /** Markup layers of a storefront. */
  private async markups(promoter: Promoter): Promise<MarkupLayer[]> {
    return layersOf(await this.#pricing(promoter));
  }

  /** What a shopper of the storefront pays for the number (its price after the storefront's custom prices). */
  async priceFor(promoter: Promoter, n: HoldableNumber): Promise<number> {
    return (await this.pricerFor(promoter))(n);
  }

  /** The storefront's prices with its custom prices read once: for pricing many numbers of one storefront. */
  async pricerFor(promoter: Promoter): Promise<(n: HoldableNumber) => number> {
    const markups = await this.markups(promoter);
    return (n) => n.price + markupOf(markups, tagMask(n.tags));
  }

  /** Operator names (in the language) and their order, from the operator_type dictionary of the site module. */
  private async operators(language: Language) {
    const options = await this.deps.site.dictionary('operator_type', language);
    return { names: new Map(options.map((o) => [o.value, o.label])), order: options.map((o) => o.value) };
  }

  async operatorName(operator: string, language: Language): Promise<string> {
    return (await this.operators(language)).names.get(operator) ?? operator;
  }

  async listNumbers(promoter: Promoter, q: z.output<typeof numberListQuery>, language: Language): Promise<NumberListReply> {
    const markups = await this.markups(promoter);
    const filter = { ...filterOf(promoter, q), markups };
    const [{ rows, total }, ops] = await Promise.all([searchNumbers(this.deps.db, filter), this.operators(language)]);
    return {
      list: rows.map((r) => ({ ...toItem(r, ops.names, language), price: r.price + markupOf(markups, r.tags) })),
      total: Math.min(total, COUNT_CAP),
      totalCapped: total > COUNT_CAP,
      hasMore: filter.offset + rows.length < total,
      page: q.page,
      pageSize: q.pageSize,
    };
  }

  private async requireNumber(number: string) {
    const row = await repo.findByNumber(this.deps.db, number);
    if (!row) throw invalid('number', 'numbers.noSuchNumber');
    return row;
  }

  async numberDetail(promoter: Promoter, number: string, language: Language): Promise<NumberDetail> {
    const row = await this.requireNumber(number);
    const [ops, packages, markups] = await Promise.all([
      this.operators(language),
      repo.packagesFor(this.deps.db, row.operator, row.min_monthly_fee),
      this.markups(promoter),
    ]);
    return {
      ...toItem(row, ops.names, language),
      price: row.price + markupOf(markups, row.tags),
      status: row.status as NumberStatus,
      minMonthlyFee: row.min_monthly_fee,
      packages: await localPackages(this.deps.db, packages, language),
    };
  }

  async numberPackages(number: string, language: Language): Promise<NumberPackage[]> {
    const row = await this.requireNumber(number);
    return localPackages(this.deps.db, await repo.packagesFor(this.deps.db, row.operator, row.min_monthly_fee), language);
  }

  private async inventoryOptions(language: Language): Promise<InventoryOptions> {
    const hit = this.#inventoryOptions.get(language);
    if (hit) return hit;
    const { db } = this.deps;
    const [provinces, segments, hot] = await Promise.all([
      repo.distinctOnSale(db, 'province'),
      repo.distinctOnSale(db, 'segment'),
      repo.hotSearches(db),
    ]);
    const hotTexts = await textsFor(
      db,
      language,
      'hot_search',
      hot.map((h) => h.id),
    );
    const value = {
      patterns: PATTERN_TAGS.map((t) => ({ value: t, label: PATTERN_LABELS[t] })),
      segments: segments.map((s) => ({ operator: s.operator, segment: s.value })),
      provinces: provinces.map((p) => ({ code: p.value, name: divisionNameIn(p.value, language) ?? p.value })),
      priceRanges: PRICE_RANGES,
      sorts: SORTS,
      hotSearches: hot.map((h) => ({
        label: hotTexts.text(h.id, 'label', h.label),
        field: h.field as 'contains' | 'endsWith' | 'pattern',
        value: h.value,
      })),
    };
    this.#inventoryOptions.set(language, value);
    return value;
  }

  /** Operator options of spec §4: All, Featured only when front.suggest, then the dictionary. */
  async filterOptions(promoter: Promoter, language: Language): Promise<NumberFilterOptions> {
    const ops = await this.operators(language);
    const operatorOptions = [
      { label: '全部', value: '' },
      ...(promoter.config.front.suggest ? [{ label: '精选', value: FEATURED_OPERATOR }] : []),
      ...ops.order.map((value) => ({ label: ops.names.get(value) ?? value, value })),
    ];
    return { operators: operatorOptions, ...(await this.inventoryOptions(language)) };
  }

  async findNumber(db: Trx, number: string): Promise<HoldableNumber | undefined> {
    const row = await repo.findByNumber(db, number);
    return row ? holdableOf(row) : undefined;
  }

  /** A package the number may be ordered with, or a -1 naming the field. */
  async packageForNumber(db: Trx, n: HoldableNumber, packageId: number): Promise<NumberPackage> {
    const p = await repo.findPackage(db, packageId);
    if (!p || p.operator !== n.operator) throw invalid('packageId', 'numbers.packageNotOffered');
    if (p.monthly_fee < n.minMonthlyFee) throw invalid('packageId', 'numbers.packageFeeTooLow');
    // The order keeps the package as stored (its texts in the language of the data).
    return toPackage(p, new Texts('zh-Hans'));
  }

  async findPackageById(db: Trx, id: number, language: Language): Promise<NumberPackage | null> {
    const p = await repo.findPackage(db, id);
    return p ? ((await localPackages(db, [p], language))[0] ?? null) : null;
  }

  /** Operators in dictionary order with their packages, in the language: what a new number can be applied for with. */
  async newNumberProducts(language: Language): Promise<{ operator: string; operatorName: string; packages: NumberPackage[] }[]> {
    const ops = await this.operators(language);
    const lists = await Promise.all(
      ops.order.map(async (operator) => localPackages(this.deps.db, await repo.packagesFor(this.deps.db, operator, 0), language)),
    );
    return ops.order
      .map((operator, i) => ({ operator, operatorName: ops.names.get(operator) ?? operator, packages: lists[i] ?? [] }))
      .filter((o) => o.packages.length > 0);
  }

  /** A package of the operator a new number may be applied for with (as stored), or a -1 naming the field. */
  async packageOfOperator(db: Trx, operator: string, packageId: number): Promise<NumberPackage> {
    const p = await repo.findPackage(db, packageId);
    if (!p || p.operator !== operator) throw invalid('packageId', 'numbers.packageNotOffered');
    return toPackage(p, new Texts('zh-Hans'));
  }

  /**
   * Numbers on sale that last changed at or after `from` (added, or put back on sale), oldest
   * change first, a page of `limit` from `offset`; with `changedAt`, the time of that change.
   */
  async onSaleSince(from: number, offset: number, limit: number): Promise<(WatchedNumber & { changedAt: number })[]> {
    const rows = await repo.onSaleSince(this.deps.db, from, offset, limit);
    return rows.map((r) => ({ ...holdableOf(r), province: r.province, city: r.city, changedAt: r.updated_at }));
  }

  /** The numbers of a list that are in the inventory, by number (any status). */
  async numbersByValue(numbers: string[]): Promise<Map<string, WatchedNumber>> {
    const rows = await repo.findByNumbers(this.deps.db, numbers);
    return new Map(rows.map((r) => [r.number, { ...holdableOf(r), province: r.province, city: r.city }]));
  }

  /** Holds an on-sale number for an order (false when it is not on sale any more). */
  readonly holdNumber = repo.hold;
  /** Puts a number held by the order back on sale. */
  readonly releaseNumber = repo.release;
  /** Marks a number held by the order as sold. */
  readonly sellNumber = repo.sell;
}
