import { type Kysely, sql } from 'kysely';
import { columns, type DialectName } from '../dialect.ts';

/**
 * The points mall: categories, banners and goods (bought with points, or points and money), pick-up
 * points, the delivery addresses of cards and mall orders. Money integer fen, points whole points,
 * times epoch ms UTC. Frozen once shipped.
 */
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  const c = columns(dialect);
  const int0 = (col: any) => col.notNull().defaultTo(0);
  const text0 = (col: any) => col.notNull().defaultTo('');

  await db.schema
    .createTable('mall_categories')
    .addColumn('id', c.idType, c.id)
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('icon', 'text', text0)
    .addColumn('sort', 'integer', int0)
    .addColumn('enabled', 'integer', (col) => col.notNull().defaultTo(1))
    .execute();

  await db.schema
    .createTable('mall_goods')
    .addColumn('id', c.idType, c.id)
    .addColumn('category_id', c.idType, (col) => col.notNull().references('mall_categories.id'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('subtitle', 'text', text0)
    .addColumn('tag', 'text', text0)
    .addColumn('image', 'text', (col) => col.notNull())
    // JSON list of image urls shown on the details page.
    .addColumn('images', 'text', (col) => col.notNull().defaultTo('[]'))
    // JSON list of description paragraphs.
    .addColumn('details', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('points', 'integer', (col) => col.notNull())
    .addColumn('price', c.moneyType, int0)
    .addColumn('market_price', c.moneyType, int0)
    // sold never exceeds stock (conditional update, and this check).
    .addColumn('stock', 'integer', (col) => col.notNull())
    .addColumn('sold', 'integer', int0)
    // 0: no limit; else pieces per card in all.
    .addColumn('per_card_limit', 'integer', int0)
    // comma list of express,pickup
    .addColumn('deliveries', 'text', (col) => col.notNull().defaultTo('express'))
    .addColumn('sort', 'integer', int0)
    .addColumn('on_sale', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('created_at', c.timeType, (col) => col.notNull())
    .addColumn('updated_at', c.timeType, (col) => col.notNull())
    .addCheckConstraint('mall_goods_stock', sql`sold >= 0 and sold <= stock`)
    .execute();
  await db.schema.createIndex('mall_goods_sale').on('mall_goods').columns(['on_sale', 'sort']).execute();

  await db.schema
    .createTable('mall_banners')
    .addColumn('id', c.idType, c.id)
    .addColumn('image', 'text', (col) => col.notNull())
    .addColumn('title', 'text', text0)
    .addColumn('goods_id', c.idType, (col) => col.references('mall_goods.id'))
    .addColumn('sort', 'integer', int0)
    .addColumn('enabled', 'integer', (col) => col.notNull().defaultTo(1))
    .execute();

  await db.schema
    .createTable('mall_stores')
    .addColumn('id', c.idType, c.id)
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('province', 'text', (col) => col.notNull())
    .addColumn('city', 'text', (col) => col.notNull())
    .addColumn('county', 'text', (col) => col.notNull())
    .addColumn('address', 'text', (col) => col.notNull())
    .addColumn('phone', 'text', text0)
    .addColumn('hours', 'text', text0)
    .addColumn('sort', 'integer', int0)
    .addColumn('enabled', 'integer', (col) => col.notNull().defaultTo(1))
    .execute();

  await db.schema
    .createTable('mall_addresses')
    .addColumn('id', c.idType, c.id)
    .addColumn('sim_id', c.idType, (col) => col.notNull().references('iot_sims.id'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('mobile', 'text', (col) => col.notNull())
    .addColumn('province', 'text', (col) => col.notNull())
    .addColumn('city', 'text', (col) => col.notNull())
    .addColumn('county', 'text', (col) => col.notNull())
    .addColumn('detail', 'text', (col) => col.notNull())
    .addColumn('is_default', 'integer', int0)
    .addColumn('created_at', c.timeType, (col) => col.notNull())
    .addColumn('updated_at', c.timeType, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('mall_addresses_sim').on('mall_addresses').columns(['sim_id', 'id']).execute();

  await db.schema
    .createTable('mall_orders')
    .addColumn('id', c.idType, c.id)
    .addColumn('order_no', 'text', (col) => col.notNull().unique())
    .addColumn('sim_id', c.idType, (col) => col.notNull().references('iot_sims.id'))
    .addColumn('goods_id', c.idType, (col) => col.notNull().references('mall_goods.id'))
    // Snapshots of the good as bought (its name in Simplified Chinese, translated when shown).
    .addColumn('goods_name', 'text', (col) => col.notNull())
    .addColumn('goods_image', 'text', (col) => col.notNull())
    .addColumn('quantity', 'integer', (col) => col.notNull())
    .addColumn('points', 'integer', (col) => col.notNull())
    .addColumn('amount', c.moneyType, int0)
    // express | pickup
    .addColumn('delivery', 'text', (col) => col.notNull())
    .addColumn('receiver_name', 'text', text0)
    .addColumn('receiver_mobile', 'text', text0)
    .addColumn('province', 'text', text0)
    .addColumn('city', 'text', text0)
    .addColumn('county', 'text', text0)
    .addColumn('address_detail', 'text', text0)
    .addColumn('store_id', c.idType, (col) => col.references('mall_stores.id'))
    .addColumn('remark', 'text', text0)
    .addColumn('pay_method', 'text', text0)
    .addColumn('payment_no', 'text', text0)
    // pending | paid | shipped | completed | cancelled | closed
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('refunded_points', 'integer', int0)
    .addColumn('refunded_amount', c.moneyType, int0)
    .addColumn('expires_at', c.timeType)
    .addColumn('paid_at', c.timeType)
    .addColumn('shipped_at', c.timeType)
    .addColumn('completed_at', c.timeType)
    .addColumn('cancelled_at', c.timeType)
    .addColumn('money_refunded_at', c.timeType)
    .addColumn('created_at', c.timeType, (col) => col.notNull())
    .addColumn('updated_at', c.timeType, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('mall_orders_sim').on('mall_orders').columns(['sim_id', 'id']).execute();
  await db.schema.createIndex('mall_orders_goods').on('mall_orders').columns(['goods_id', 'sim_id', 'status']).execute();
  await db.schema.createIndex('mall_orders_pending').on('mall_orders').columns(['status', 'expires_at']).execute();
}
