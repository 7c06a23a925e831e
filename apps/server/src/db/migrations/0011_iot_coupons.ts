import { type Kysely, sql } from 'kysely';
import { columns, type DialectName } from '../dialect.ts';

/**
 * Coupon exchange: what coupon coins can be exchanged for (a package coupon or balance), with stock
 * (`sold` never above `stock`) and a limit per card (iot-engage); the exchanges made; and the
 * package coupons a card holds, used by one purchase paid from the balance (iot-money). Money in
 * integer fen, times epoch ms. Frozen once shipped.
 */
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  const c = columns(dialect);
  const int0 = (col: any) => col.notNull().defaultTo(0);
  await db.schema
    .createTable('iot_exchange_items')
    .addColumn('id', c.idType, c.id)
    .addColumn('promo_code', 'text', (col) => col.notNull().references('promoters.promo_code'))
    // coupon | balance
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('coin_cost', c.moneyType, (col) => col.notNull())
    .addColumn('value', c.moneyType, (col) => col.notNull())
    .addColumn('min_spend', c.moneyType, int0)
    .addColumn('valid_days', 'integer', int0)
    // null: unlimited
    .addColumn('stock', 'integer')
    .addColumn('sold', 'integer', int0)
    .addColumn('per_card_limit', 'integer', int0)
    .addColumn('on_sale', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('sort', 'integer', int0)
    .addColumn('created_at', c.timeType, (col) => col.notNull())
    .addColumn('updated_at', c.timeType, (col) => col.notNull())
    .addCheckConstraint('iot_exchange_items_stock', sql`stock is null or sold <= stock`)
    .execute();
  await db.schema.createIndex('iot_exchange_items_promoter').on('iot_exchange_items').columns(['promo_code', 'sort']).execute();
  await db.schema
    .createTable('iot_exchanges')
    .addColumn('id', c.idType, c.id)
    .addColumn('order_no', 'text', (col) => col.notNull().unique())
    .addColumn('sim_id', c.idType, (col) => col.notNull().references('iot_sims.id'))
    .addColumn('item_id', c.idType, (col) => col.notNull().references('iot_exchange_items.id'))
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('coin_cost', c.moneyType, (col) => col.notNull())
    .addColumn('value', c.moneyType, (col) => col.notNull())
    .addColumn('created_at', c.timeType, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('iot_exchanges_sim').on('iot_exchanges').columns(['sim_id', 'item_id']).execute();
  await db.schema
    .createTable('iot_sim_coupons')
    .addColumn('id', c.idType, c.id)
    .addColumn('sim_id', c.idType, (col) => col.notNull().references('iot_sims.id'))
    // the exchange that gave it
    .addColumn('source_no', 'text', (col) => col.notNull())
    .addColumn('amount', c.moneyType, (col) => col.notNull())
    .addColumn('min_spend', c.moneyType, int0)
    .addColumn('expires_at', c.timeType, (col) => col.notNull())
    // the purchase that used it; '' while unused
    .addColumn('order_no', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('used_at', c.timeType)
    .addColumn('created_at', c.timeType, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('iot_sim_coupons_sim').on('iot_sim_coupons').columns(['sim_id', 'expires_at']).execute();
}
