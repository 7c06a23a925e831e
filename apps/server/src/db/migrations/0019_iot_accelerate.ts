import { type Kysely, sql } from 'kysely';
import { columns, type DialectName } from '../dialect.ts';

/**
 * Speed-up (accelerate): the products a promoter sells (a carrier speed profile `speed_code` for a
 * number of hours) and the orders of cards (spec §3), each a window [start_at, end_at) during which
 * the carrier applies the profile; the order row is also the outbox of the carrier calls (apply at
 * the start, restore at the end), made after the commit by the job. VIP: a package discount per
 * plan, and orders paid at the cashier (pay method, payment, expiry of an unpaid order).
 * Money in integer fen, times epoch ms. Frozen once shipped.
 */
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  const c = columns(dialect);
  const int0 = (col: any) => col.notNull().defaultTo(0);
  const text0 = (col: any) => col.notNull().defaultTo('');
  await db.schema
    .createTable('iot_accelerate_plans')
    .addColumn('id', c.idType, c.id)
    .addColumn('promo_code', 'text', (col) => col.notNull().references('promoters.promo_code'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('logo', 'text', text0)
    // the carrier's speed profile applied during the window
    .addColumn('speed_code', 'text', (col) => col.notNull())
    // downlink of the profile, shown to the holder
    .addColumn('speed_mbps', 'integer', (col) => col.notNull())
    .addColumn('duration_hours', 'integer', (col) => col.notNull())
    .addColumn('price', c.moneyType, (col) => col.notNull())
    .addColumn('original_price', c.moneyType, int0)
    .addColumn('on_sale', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('sort', 'integer', int0)
    .addColumn('created_at', c.timeType, (col) => col.notNull())
    .addColumn('updated_at', c.timeType, (col) => col.notNull())
    .addCheckConstraint('iot_accelerate_plans_hours', sql`duration_hours > 0`)
    .execute();
  await db.schema
    .createTable('iot_accelerate_orders')
    .addColumn('id', c.idType, c.id)
    .addColumn('order_sn', 'text', (col) => col.notNull().unique())
    .addColumn('uuid', 'text', (col) => col.notNull())
    .addColumn('sim_id', c.idType, (col) => col.notNull().references('iot_sims.id'))
    .addColumn('accelerate_id', c.idType, (col) => col.notNull().references('iot_accelerate_plans.id'))
    // 1: paid from the balance, 2: paid online (cashier)
    .addColumn('place_type', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('pay_method', 'text', (col) => col.notNull().defaultTo('balance'))
    .addColumn('payment_no', 'text', text0)
    .addColumn('accelerate_name', 'text', (col) => col.notNull())
    .addColumn('logo', 'text', text0)
    .addColumn('speed_code', 'text', (col) => col.notNull())
    .addColumn('speed_mbps', 'integer', (col) => col.notNull())
    .addColumn('duration_hours', 'integer', (col) => col.notNull())
    .addColumn('package_price', c.moneyType, (col) => col.notNull())
    .addColumn('actual_pay_money', c.moneyType, (col) => col.notNull())
    // the window: set when paid (an unpaid order shows the window it would have)
    .addColumn('start_at', c.timeType, (col) => col.notNull())
    .addColumn('end_at', c.timeType, (col) => col.notNull())
    // 0 awaiting payment, 1 paid, 2 refunded, 3 closed unpaid
    .addColumn('status', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('expires_at', c.timeType)
    .addColumn('paid_at', c.timeType)
    // carrier outbox: none | apply | applied | restore | restored | refused
    .addColumn('carrier_state', 'text', (col) => col.notNull().defaultTo('none'))
    // when the next carrier call is due (a claim moves it forward)
    .addColumn('carrier_due_at', c.timeType)
    .addColumn('carrier_tries', 'integer', int0)
    .addColumn('applied_at', c.timeType)
    .addColumn('restored_at', c.timeType)
    .addColumn('refund_at', c.timeType)
    .addColumn('refund_money', c.moneyType, int0)
    .addColumn('refund_remark', 'text', text0)
    // 0 none, 1 by the operator, 2 the carrier refused the profile
    .addColumn('refund_type', 'integer', int0)
    .addColumn('remark', 'text', text0)
    .addColumn('created_at', c.timeType, (col) => col.notNull())
    .addColumn('updated_at', c.timeType, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('iot_accelerate_orders_sim').on('iot_accelerate_orders').columns(['sim_id', 'status', 'end_at']).execute();
  await db.schema
    .createIndex('iot_accelerate_orders_carrier')
    .on('iot_accelerate_orders')
    .columns(['carrier_state', 'carrier_due_at'])
    .execute();

  // VIP: a discount on packages while the VIP runs (percent of the price paid: 100 none, 95 = 5% off)
  await db.schema
    .alterTable('iot_vip_plans')
    .addColumn('package_discount', 'integer', (col) => col.notNull().defaultTo(100))
    .execute();
  await db.schema
    .alterTable('iot_vip_orders')
    .addColumn('package_discount', 'integer', (col) => col.notNull().defaultTo(100))
    .execute();
  await db.schema
    .alterTable('iot_vip_orders')
    .addColumn('pay_method', 'text', (col) => col.notNull().defaultTo('balance'))
    .execute();
  await db.schema.alterTable('iot_vip_orders').addColumn('payment_no', 'text', text0).execute();
  await db.schema.alterTable('iot_vip_orders').addColumn('expires_at', c.timeType).execute();
}
