/** Points-mall goods as operators list and edit them (the mall is every storefront's: owners only). */
import type { AdminMallCategory, AdminMallGoods, SaveMallGoodsBody, saveMallCategoryBody } from '@simshop/contract/admin-engage';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/schema.ts';
import { invalid } from '../../lib/errors.ts';
import type { Language } from '../../lib/messages.ts';
import { replaceTris, textsFor, trisOf } from '../i18n-texts/service.ts';
import { deliveriesOf } from './catalogue.ts';
import * as repo from './repository.ts';

type Db = Kysely<Database>;

async function views(db: Db, rows: repo.GoodsRow[], language: Language): Promise<AdminMallGoods[]> {
  const categories = await repo.allCategories(db);
  const [tris, texts, categoryTexts] = await Promise.all([
    trisOf(db, 'mall_goods', rows, ['name'] as const),
    textsFor(
      db,
      language,
      'mall_goods',
      rows.map((r) => r.id),
    ),
    textsFor(
      db,
      language,
      'mall_category',
      categories.map((c) => c.id),
    ),
  ]);
  const categoryOf = new Map(categories.map((c) => [Number(c.id), categoryTexts.text(c.id, 'name', c.name)]));
  return rows.map((g) => ({
    id: Number(g.id),
    categoryId: Number(g.category_id),
    categoryName: categoryOf.get(Number(g.category_id)) ?? '',
    name: tris.get(g.id)!.name,
    label: texts.text(g.id, 'name', g.name),
    subtitle: g.subtitle,
    image: g.image,
    points: Number(g.points),
    price: Number(g.price),
    marketPrice: Number(g.market_price),
    stock: Math.max(0, Number(g.stock) - Number(g.sold)),
    sold: Number(g.sold),
    perCardLimit: Number(g.per_card_limit),
    deliveries: deliveriesOf(g),
    onSale: Number(g.on_sale) === 1,
    sort: Number(g.sort),
    updatedAt: Number(g.updated_at),
  }));
}

export async function operatorMallGoodsList(db: Db, page: number, pageSize: number, language: Language) {
  const { rows, total } = await repo.allGoods(db, page, pageSize);
  return { list: await views(db, rows, language), total };
}

export async function operatorMallGoods(db: Db, id: number, language: Language): Promise<AdminMallGoods | null> {
  const row = await repo.goodsById(db, id);
  return row ? (await views(db, [row], language))[0]! : null;
}

/** Every mall category (enabled or not): its name in the reader's language and in all three, and its goods. */
export async function operatorMallCategories(db: Db, language: Language): Promise<AdminMallCategory[]> {
  const rows = (await repo.allCategories(db)).map((c) => ({ ...c, id: Number(c.id) }));
  const [texts, tris, goods] = await Promise.all([
    textsFor(
      db,
      language,
      'mall_category',
      rows.map((c) => c.id),
    ),
    trisOf(db, 'mall_category', rows, ['name'] as const),
    repo.goodsPerCategory(db),
  ]);
  return rows.map((c) => ({
    id: c.id,
    name: texts.text(c.id, 'name', c.name),
    names: tris.get(c.id)!.name,
    sort: Number(c.sort),
    enabled: c.enabled === 1,
    goods: goods.get(c.id) ?? 0,
  }));
}

/** Adds a category, or changes one (a missing id is refused, field id); its names in the three languages with it. */
export async function saveMallCategory(db: Db, b: z.output<typeof saveMallCategoryBody>): Promise<number> {
  const fields = { name: b.names['zh-Hans'], sort: b.sort, enabled: b.enabled ? 1 : 0 };
  return db.transaction().execute(async (trx) => {
    const id = b.id ?? (await repo.insertCategory(trx, fields));
    if (b.id !== undefined && !(await repo.updateCategory(trx, b.id, fields))) throw invalid('id', 'catalogue.noSuchCategory');
    await replaceTris(trx, 'mall_category', id, { name: b.names });
    return id;
  });
}

/**
 * Adds a good, or changes one: its units left change against what the form showed (refused when
 * orders moved them, field stock), in the same conditional update.
 */
export async function saveMallGoods(db: Db, b: SaveMallGoodsBody, now: number): Promise<number> {
  if (!(await repo.categoryById(db, b.categoryId))) throw invalid('categoryId', 'catalogue.noSuchCategory');
  const fields = {
    category_id: b.categoryId,
    name: b.name['zh-Hans'],
    subtitle: b.subtitle,
    image: b.image,
    points: b.points,
    price: b.price,
    market_price: b.marketPrice,
    per_card_limit: b.perCardLimit,
    deliveries: [...new Set(b.deliveries)].join(','),
    on_sale: b.onSale ? 1 : 0,
    sort: b.sort,
    updated_at: now,
  };
  return db.transaction().execute(async (trx) => {
    let id: number;
    if (b.id === undefined) {
      id = await repo.insertGoods(trx, { ...fields, images: JSON.stringify([b.image]), stock: b.stock, created_at: now });
    } else {
      if (b.expectedStock === undefined || !(await repo.updateGoods(trx, b.id, fields, b.stock, b.expectedStock)))
        throw invalid('stock', 'catalogue.stockChanged');
      id = b.id;
    }
    await replaceTris(trx, 'mall_goods', id, { name: b.name });
    return id;
  });
}

export function setMallGoodsOnSale(db: Db, id: number, onSale: boolean, now: number): Promise<void> {
  return repo.setGoodsOnSale(db, id, onSale, now);
}
