import type { CreateGoodsOrderBody } from '@simshop/contract/goods';
import type { App } from '../../lib/route.ts';

/** Helpers of the API tests that need goods of their own (imported by tests and test kits only). */

export interface GoodsSpec {
  /** Storefront selling it (default `demo`). */
  promoCode?: string;
  /** Price of its one spec, fen. */
  price?: number;
  stock?: number;
  status?: 'on_sale' | 'off_sale';
}

/** A good of its own with one spec, in a category of its own, on sale at a storefront. */
export async function makeGoods(app: App, spec: GoodsSpec = {}): Promise<{ goodsId: number; skuId: number; categoryId: number }> {
  const db = app.db.db;
  const now = app.config.now();
  const promoter = await db
    .selectFrom('promoters')
    .select('id')
    .where('promo_code', '=', spec.promoCode ?? 'demo')
    .executeTakeFirstOrThrow();
  const category = await db
    .insertInto('goods_categories')
    .values({ promoter_id: promoter.id, name: '测试分类', sort: 99 })
    .returning('id')
    .executeTakeFirstOrThrow();
  const goods = await db
    .insertInto('goods')
    .values({
      promoter_id: promoter.id,
      category_id: category.id,
      kind: 'device',
      name: '测试商品',
      summary: '测试',
      description: '测试商品说明',
      images: JSON.stringify(['/shop/static/goods/mifi.svg']),
      popup_title: '',
      popup_content: '',
      status: spec.status ?? 'on_sale',
      sort: 99,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const sku = await db
    .insertInto('goods_skus')
    .values({
      goods_id: goods.id,
      name: '标准版',
      price: spec.price ?? 12_900,
      original_price: 0,
      stock: spec.stock ?? 10,
      sold: 0,
      sort: 0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { goodsId: goods.id, skuId: sku.id, categoryId: category.id };
}

/** A complete, valid goods order for a spec. */
export function goodsOrderBody(skuId: number, overrides: Partial<CreateGoodsOrderBody> = {}): CreateGoodsOrderBody {
  return {
    skuId,
    quantity: 1,
    buyerName: '张三',
    contactMobile: '13712345678',
    address: { province: '440000', city: '440300', county: '440305', detail: '科技园南区 1 栋 101' },
    agreed: true,
    ...overrides,
  };
}

export async function stockOf(app: App, skuId: number): Promise<number> {
  return (await app.db.db.selectFrom('goods_skus').select('stock').where('id', '=', skuId).executeTakeFirstOrThrow()).stock;
}
