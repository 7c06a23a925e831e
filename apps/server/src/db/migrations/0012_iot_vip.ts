import { type Kysely, sql } from 'kysely';
import { columns, type DialectName } from '../dialect.ts';

/**
 * VIP: the plans a promoter sells (price, days, privileges: a points multiplier on sign-in and
 * tasks) and the VIP orders of cards (spec §3), each a window [start_at, end_at); a plan bought
 * while one runs starts at its end. Money in integer fen, times epoch ms. Frozen once shipped.
 */
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  const c = columns(dialect);
  const int0 = (col: any) => col.notNull().defaultTo(0);
  const text0 = (col: any) => col.notNull().defaultTo('');
  await db.schema
    .createTable('iot_vip_plans')
    .addColumn('id', c.idType, c.id)
    .addColumn('promo_code', 'text', (col) => col.notNull().references('promoters.promo_code'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('logo', 'text', text0)
    // the privilege group shown as the plan's badge: silver | gold
    .addColumn('gi', 'text', (col) => col.notNull().defaultTo('silver'))
    .addColumn('price', c.moneyType, (col) => col.notNull())
    .addColumn('original_price', c.moneyType, int0)
    .addColumn('duration_days', 'integer', (col) => col.notNull())
    // points credited by sign-in and tasks are multiplied by this while the VIP runs
    .addColumn('points_multiplier', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('on_sale', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('sort', 'integer', int0)
    .addColumn('created_at', c.timeType, (col) => col.notNull())
    .addColumn('updated_at', c.timeType, (col) => col.notNull())
    .addCheckConstraint('iot_vip_plans_multiplier', sql`points_multiplier >= 1`)
    .execute();
  await db.schema
    .createTable('iot_vip_orders')
    .addColumn('id', c.idType, c.id)
    .addColumn('order_sn', 'text', (col) => col.notNull().unique())
    .addColumn('uuid', 'text', (col) => col.notNull())
    .addColumn('sim_id', c.idType, (col) => col.notNull().references('iot_sims.id'))
    .addColumn('vip_id', c.idType, (col) => col.notNull().references('iot_vip_plans.id'))
    // 1: paid from the balance
    .addColumn('place_type', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('vip_name', 'text', (col) => col.notNull())
    .addColumn('logo', 'text', text0)
    .addColumn('gi', 'text', (col) => col.notNull())
    .addColumn('points_multiplier', 'integer', (col) => col.notNull())
    .addColumn('package_price', c.moneyType, (col) => col.notNull())
    .addColumn('actual_pay_money', c.moneyType, (col) => col.notNull())
    .addColumn('start_at', c.timeType, (col) => col.notNull())
    .addColumn('end_at', c.timeType, (col) => col.notNull())
    // 1 paid, 2 refunded
    .addColumn('status', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('refund_at', c.timeType)
    .addColumn('refund_money', c.moneyType, int0)
    .addColumn('refund_remark', 'text', text0)
    // 0 none, 1 by the operator
    .addColumn('refund_type', 'integer', int0)
    .addColumn('remark', 'text', text0)
    .addColumn('created_at', c.timeType, (col) => col.notNull())
    .addColumn('updated_at', c.timeType, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('iot_vip_orders_sim').on('iot_vip_orders').columns(['sim_id', 'status', 'end_at']).execute();
}
