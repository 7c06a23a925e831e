import {
  type GoodsDetail,
  type GoodsItem,
  type GoodsKind,
  type GoodsListReply,
  type goodsListQuery,
  MAX_GOODS_QUANTITY,
} from '@simshop/contract/goods';
import type { Kysely, Transaction } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/schema.ts';
import { invalid } from '../../lib/errors.ts';
import type { Language } from '../../lib/messages.ts';
import { type Texts, textsFor } from '../i18n-texts/service.ts';
import type { Promoter, Site } from '../site/service.ts';
import * as repo from './repository.ts';

export {
  categoriesOf,
  categoryById,
  type OperatorGoods,
  operatorGoods,
  operatorGoodsList,
  saveCategory,
  saveGoods,
  setGoodsStatus,
} from './operator-goods.ts';

type Trx = Kysely<Database> | Transaction<Database>;

export interface GoodsDeps {
  db: Kysely<Database>;
  site: Site;
}

/** A spec as an order takes it: names as stored (the order keeps them), the price this storefront charges. */
export interface SkuForOrder {
  goodsId: number;
  skuId: number;
  goodsName: string;
  skuName: string;
  image: string;
  unitPrice: number;
}

const imagesOf = (g: repo.GoodsRow): string[] => JSON.parse(g.images) as string[];

/**
 * General goods of the storefronts: categories, goods and their specs (SKUs), each spec with its
 * own price and stock. A storefront sells its own goods, or when it has none those of its nearest
 * upstream agent that has some. Orders take and give back stock through `takeStock` / `releaseStock`
 * in their own transaction.
 */
/**
 * The prices a storefront's shoppers pay for specs whose own price is given (agents' custom
 * prices, registered by the agents module); by default the spec's price.
 */
export type GoodsPricing = (promoter: Promoter) => Promise<(price: number) => number>;

export class Goods {
  #pricing: GoodsPricing = async () => (price) => price;

  constructor(private readonly deps: GoodsDeps) {}

  /** Sets how a storefront's prices follow from the specs' own (the agents module). */
  usePricing(pricing: GoodsPricing): void {
    this.#pricing = pricing;
  }

  /** The promoter whose goods a storefront sells: itself, else its nearest upstream with goods on sale. */
  async catalogueOwner(promoter: Promoter): Promise<Promoter> {
    const chain = await this.deps.site.upstreamChain(promoter);
    const withGoods = await repo.promotersWithGoods(
      this.deps.db,
      chain.map((p) => p.id),
    );
    return chain.find((p) => withGoods.has(p.id)) ?? promoter;
  }

  /** A good with its specs as a shopper of the storefront sees it (prices in fen, names in the language). */
  private item(g: repo.GoodsRow, own: repo.SkuRow[], texts: Texts, price: (fen: number) => number): GoodsItem {
    const cheapest = own.reduce<repo.SkuRow | undefined>((a, s) => (!a || s.price < a.price ? s : a), undefined);
    const stock = own.reduce((n, s) => n + s.stock, 0);
    return {
      id: g.id,
      kind: g.kind as GoodsKind,
      categoryId: g.category_id,
      name: texts.text(g.id, 'name', g.name),
      summary: texts.text(g.id, 'summary', g.summary),
      image: imagesOf(g)[0] ?? '',
      price: price(cheapest?.price ?? 0),
      originalPrice: price(cheapest?.original_price ?? 0),
      stock,
      soldOut: stock === 0,
      sold: own.reduce((n, s) => n + s.sold, 0),
    };
  }

  async list(promoter: Promoter, q: z.output<typeof goodsListQuery>, language: Language): Promise<GoodsListReply> {
    const { db } = this.deps;
    const owner = await this.catalogueOwner(promoter);
    const categoryId = q.categoryId || undefined;
    const [categories, page, price] = await Promise.all([
      repo.categoriesOnSale(db, owner.id),
      repo.goodsPage(db, owner.id, categoryId, (q.page - 1) * q.pageSize, q.pageSize),
      this.#pricing(promoter),
    ]);
    const categoryTexts = await textsFor(
      db,
      language,
      'goods_category',
      categories.map((c) => c.id),
    );
    const skus = await repo.skusOf(
      db,
      page.rows.map((g) => g.id),
    );
    const texts = await textsFor(
      db,
      language,
      'goods',
      page.rows.map((g) => g.id),
    );
    const list = page.rows.map((g) =>
      this.item(
        g,
        skus.filter((s) => s.goods_id === g.id),
        texts,
        price,
      ),
    );
    return {
      categories: categories.map((c) => ({ id: c.id, name: categoryTexts.text(c.id, 'name', c.name) })),
      list,
      total: page.total,
      page: q.page,
      pageSize: q.pageSize,
    };
  }

  /** A good of the storefront's catalogue on sale, or a refusal naming `field`. */
  private async goodOf(promoter: Promoter, id: number, field: 'id' | 'skuId'): Promise<repo.GoodsRow> {
    const g = await repo.findGoods(this.deps.db, id);
    const owner = await this.catalogueOwner(promoter);
    if (!g || g.promoter_id !== owner.id) throw invalid(field, 'goods.noSuchGoods');
    if (g.status !== 'on_sale') throw invalid(field, 'goods.offSale');
    return g;
  }

  async detail(promoter: Promoter, id: number, language: Language): Promise<GoodsDetail> {
    const { db } = this.deps;
    const g = await this.goodOf(promoter, id, 'id');
    const [skus, category, price] = await Promise.all([
      repo.skusOf(db, [g.id]),
      repo.categoryName(db, g.category_id),
      this.#pricing(promoter),
    ]);
    const [texts, skuTexts, categoryTexts] = await Promise.all([
      textsFor(db, language, 'goods', [g.id]),
      textsFor(
        db,
        language,
        'goods_sku',
        skus.map((s) => s.id),
      ),
      textsFor(db, language, 'goods_category', [g.category_id]),
    ]);
    return {
      ...this.item(g, skus, texts, price),
      categoryName: categoryTexts.text(g.category_id, 'name', category?.name ?? ''),
      images: imagesOf(g),
      description: texts.text(g.id, 'description', g.description),
      skus: skus.map((s) => ({
        id: s.id,
        name: skuTexts.text(s.id, 'name', s.name),
        price: price(s.price),
        originalPrice: price(s.original_price),
        stock: s.stock,
      })),
      popup: g.popup_content
        ? { title: texts.text(g.id, 'popupTitle', g.popup_title), content: texts.text(g.id, 'popupContent', g.popup_content) }
        : null,
      maxQuantity: MAX_GOODS_QUANTITY,
    };
  }

  /** The spec an order is placed for, with the price the storefront charges; a refusal names `skuId`. */
  async skuForOrder(promoter: Promoter, skuId: number): Promise<SkuForOrder> {
    const sku = await repo.findSku(this.deps.db, skuId);
    if (!sku) throw invalid('skuId', 'goods.noSuchGoods');
    const g = await this.goodOf(promoter, sku.goods_id, 'skuId');
    return {
      goodsId: g.id,
      skuId: sku.id,
      goodsName: g.name,
      skuName: sku.name,
      image: imagesOf(g)[0] ?? '',
      unitPrice: (await this.#pricing(promoter))(sku.price),
    };
  }

  /** Takes units of a spec in the caller's transaction; false when fewer are left (sold out). */
  takeStock(trx: Trx, skuId: number, quantity: number): Promise<boolean> {
    return repo.takeStock(trx, skuId, quantity);
  }

  /** Gives units back in the caller's transaction. */
  releaseStock(trx: Trx, skuId: number, quantity: number): Promise<void> {
    return repo.releaseStock(trx, skuId, quantity);
  }

  /** Units of a spec left (tests and the operator tools). */
  async stockOf(skuId: number): Promise<number> {
    return (await repo.findSku(this.deps.db, skuId))?.stock ?? 0;
  }
}
