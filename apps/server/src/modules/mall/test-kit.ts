/** Helpers shared by the mall's API tests (imported by *.api.test.ts only). */
import type { Insertable } from 'kysely';
import type { MallGoodsTable } from '../../db/schema-mall.ts';
import type { App } from '../../lib/route.ts';

/** A good of the test's own (in the first demo category): points only unless a price is given. */
export async function addGoods(app: App, g: Partial<Insertable<MallGoodsTable>> & { points: number; stock: number }, now = Date.now()) {
  const category = await app.db.db.selectFrom('mall_categories').select('id').orderBy('id').executeTakeFirstOrThrow();
  const row = await app.db.db
    .insertInto('mall_goods')
    .values({
      category_id: category.id,
      name: '测试商品',
      image: '/shop/static/mall/stand.svg',
      created_at: now,
      updated_at: now,
      ...g,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A delivery address in Shenzhen's Futian district, as the holder would enter it. */
export const FUTIAN = {
  name: '张三',
  mobile: '13800138000',
  province: '440000',
  city: '440300',
  county: '440304',
  detail: '深南大道 1 号',
};

export async function goodsRow(app: App, id: number) {
  return app.db.db.selectFrom('mall_goods').select(['stock', 'sold']).where('id', '=', id).executeTakeFirstOrThrow();
}
