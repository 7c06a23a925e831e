import type { Kysely } from 'kysely';
import { columns, type DialectName } from '../dialect.ts';

/**
 * General goods (goods module: categories, goods, their specs with price and stock) and their
 * orders (orders module). Frozen once shipped.
 */
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  const c = columns(dialect);
  await db.schema
    .createTable('goods_categories')
    .addColumn('id', c.idType, c.id)
    .addColumn('promoter_id', c.idType, (col) => col.notNull().references('promoters.id'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('sort', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('goods_categories_promoter').on('goods_categories').columns(['promoter_id', 'sort']).execute();

  await db.schema
    .createTable('goods')
    .addColumn('id', c.idType, c.id)
    .addColumn('promoter_id', c.idType, (col) => col.notNull().references('promoters.id'))
    .addColumn('category_id', c.idType, (col) => col.notNull().references('goods_categories.id'))
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('summary', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull())
    .addColumn('images', 'text', (col) => col.notNull())
    .addColumn('popup_title', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('popup_content', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('sort', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', c.timeType, (col) => col.notNull())
    .addColumn('updated_at', c.timeType, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('goods_promoter').on('goods').columns(['promoter_id', 'status', 'sort', 'id']).execute();

  // `stock` is what is left to sell: an order takes its units with one conditional update
  // (stock >= quantity), so concurrent orders never sell more than there is.
  await db.schema
    .createTable('goods_skus')
    .addColumn('id', c.idType, c.id)
    .addColumn('goods_id', c.idType, (col) => col.notNull().references('goods.id'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('price', c.moneyType, (col) => col.notNull())
    .addColumn('original_price', c.moneyType, (col) => col.notNull().defaultTo(0))
    .addColumn('stock', 'integer', (col) => col.notNull())
    .addColumn('sold', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('sort', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('goods_skus_goods').on('goods_skus').columns(['goods_id', 'sort']).execute();

  await db.schema
    .createTable('goods_orders')
    .addColumn('id', c.idType, c.id)
    .addColumn('order_no', 'text', (col) => col.notNull().unique())
    .addColumn('promoter_id', c.idType, (col) => col.notNull().references('promoters.id'))
    .addColumn('goods_id', c.idType, (col) => col.notNull().references('goods.id'))
    .addColumn('sku_id', c.idType, (col) => col.notNull().references('goods_skus.id'))
    .addColumn('goods_name', 'text', (col) => col.notNull())
    .addColumn('sku_name', 'text', (col) => col.notNull())
    .addColumn('image', 'text', (col) => col.notNull())
    .addColumn('unit_price', c.moneyType, (col) => col.notNull())
    .addColumn('quantity', 'integer', (col) => col.notNull())
    .addColumn('amount', c.moneyType, (col) => col.notNull())
    .addColumn('buyer_name', 'text', (col) => col.notNull())
    .addColumn('contact_mobile', 'text', (col) => col.notNull())
    .addColumn('province', 'text', (col) => col.notNull())
    .addColumn('city', 'text', (col) => col.notNull())
    .addColumn('county', 'text', (col) => col.notNull())
    .addColumn('address_detail', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('owner_mobile', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('owner_session', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('hold_until', c.timeType)
    .addColumn('paid_at', c.timeType)
    .addColumn('shipped_at', c.timeType)
    .addColumn('completed_at', c.timeType)
    .addColumn('cancelled_at', c.timeType)
    .addColumn('cancel_reason', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('refunded_at', c.timeType)
    .addColumn('paid_payment_no', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('created_at', c.timeType, (col) => col.notNull())
    .addColumn('updated_at', c.timeType, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('goods_orders_owner_session').on('goods_orders').columns(['owner_session', 'id']).execute();
  await db.schema.createIndex('goods_orders_owner_mobile').on('goods_orders').columns(['owner_mobile', 'id']).execute();
  await db.schema.createIndex('goods_orders_contact_mobile').on('goods_orders').columns(['contact_mobile', 'id']).execute();
  await db.schema.createIndex('goods_orders_hold').on('goods_orders').columns(['status', 'hold_until']).execute();
}
