import { type Kysely, sql } from 'kysely';
import { columns, type DialectName } from '../dialect.ts';

/**
 * IoT money: the package catalogue (base, add-on, volume, flash sales), IoT orders (package
 * purchases and top-ups), the ledgers of balance, points, coupon coins and arrears, top-up offers,
 * auto-renewal settings and attempts, the pay-password guard and per-promoter money settings.
 * Money integer fen, flow MB, times epoch ms UTC. Frozen once shipped.
 */
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  const c = columns(dialect);
  const int0 = (col: any) => col.notNull().defaultTo(0);
  const text0 = (col: any) => col.notNull().defaultTo('');

  await db.schema
    .createTable('iot_money_settings')
    .addColumn('promo_code', 'text', (col) => col.primaryKey().references('promoters.promo_code'))
    // 1: real-name authentication (carrier, and platform when the card needs it) before buying.
    .addColumn('realname_required', 'integer', int0)
    .addColumn('allow_custom_topup', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('topup_min', c.moneyType, (col) => col.notNull().defaultTo(100))
    .addColumn('topup_max', c.moneyType, (col) => col.notNull().defaultTo(500_000))
    .addColumn('renew_ahead_ms', c.timeType, (col) => col.notNull().defaultTo(86_400_000))
    .addColumn('updated_at', c.timeType, (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('iot_packages')
    .addColumn('id', c.idType, c.id)
    .addColumn('promo_code', 'text', (col) => col.notNull().references('promoters.promo_code'))
    // 0: any operator, else the operator type of the cards it is sold to.
    .addColumn('operator_type', 'integer', int0)
    // base | addon | volume
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('description', 'text', text0)
    // JSON list of rule lines shown on packageDetails.
    .addColumn('rules', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('tag', 'text', text0)
    .addColumn('flow_mb', c.moneyType, int0)
    .addColumn('unlimited', 'integer', int0)
    .addColumn('g_price', c.moneyType, int0)
    .addColumn('price', c.moneyType, (col) => col.notNull())
    .addColumn('original_price', c.moneyType, int0)
    .addColumn('duration', 'integer', (col) => col.notNull())
    .addColumn('duration_unit', 'integer', (col) => col.notNull())
    // comma list of now,next
    .addColumn('effects', 'text', (col) => col.notNull().defaultTo('now,next'))
    .addColumn('default_effect', 'text', (col) => col.notNull().defaultTo('now'))
    .addColumn('renewable', 'integer', int0)
    .addColumn('coupon_deduct_max', c.moneyType, int0)
    .addColumn('is_seckill', 'integer', int0)
    .addColumn('seckill_starts_at', c.timeType)
    .addColumn('seckill_ends_at', c.timeType)
    // null: unlimited stock; sold never exceeds stock (conditional update).
    .addColumn('stock', 'integer')
    .addColumn('sold', 'integer', int0)
    // 0: no limit; else purchases per card.
    .addColumn('per_card_limit', 'integer', int0)
    .addColumn('sort', 'integer', int0)
    .addColumn('on_sale', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('created_at', c.timeType, (col) => col.notNull())
    .addColumn('updated_at', c.timeType, (col) => col.notNull())
    .addCheckConstraint('iot_packages_stock', sql`stock is null or sold <= stock`)
    .execute();
  await db.schema.createIndex('iot_packages_promoter').on('iot_packages').columns(['promo_code', 'on_sale', 'sort']).execute();

  await db.schema
    .createTable('iot_orders')
    .addColumn('id', c.idType, c.id)
    .addColumn('order_no', 'text', (col) => col.notNull().unique())
    .addColumn('sim_id', c.idType, (col) => col.notNull().references('iot_sims.id'))
    // package | balance | coupon
    .addColumn('kind', 'text', (col) => col.notNull())
    // holder | renewal
    .addColumn('source', 'text', (col) => col.notNull().defaultTo('holder'))
    .addColumn('package_id', c.idType, (col) => col.references('iot_packages.id'))
    .addColumn('offer_id', c.idType)
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('amount', c.moneyType, (col) => col.notNull())
    .addColumn('pay_amount', c.moneyType, (col) => col.notNull())
    .addColumn('coin_amount', c.moneyType, int0)
    .addColumn('credit_balance', c.moneyType, int0)
    .addColumn('credit_coin', c.moneyType, int0)
    .addColumn('arrears_settled', c.moneyType, int0)
    // balance | a payment method
    .addColumn('pay_method', 'text', (col) => col.notNull())
    .addColumn('payment_no', 'text', text0)
    .addColumn('effect', 'text')
    .addColumn('sim_package_id', c.idType)
    // pending | paid | effective | refunded | failed | closed
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('fail_reason', 'text', text0)
    .addColumn('expires_at', c.timeType)
    .addColumn('paid_at', c.timeType)
    .addColumn('effective_at', c.timeType)
    .addColumn('refunded_at', c.timeType)
    .addColumn('created_at', c.timeType, (col) => col.notNull())
    .addColumn('updated_at', c.timeType, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('iot_orders_sim').on('iot_orders').columns(['sim_id', 'kind', 'id']).execute();
  await db.schema.createIndex('iot_orders_pending').on('iot_orders').columns(['status', 'expires_at']).execute();
  await db.schema.createIndex('iot_orders_package').on('iot_orders').columns(['package_id', 'sim_id', 'status']).execute();

  await db.schema
    .createTable('iot_ledger_entries')
    .addColumn('id', c.idType, c.id)
    .addColumn('sim_id', c.idType, (col) => col.notNull().references('iot_sims.id'))
    // balance | integral | coupon_coin | arrears
    .addColumn('account', 'text', (col) => col.notNull())
    .addColumn('delta', c.moneyType, (col) => col.notNull())
    .addColumn('balance_after', c.moneyType, (col) => col.notNull())
    .addColumn('reason', 'text', (col) => col.notNull())
    .addColumn('order_no', 'text', text0)
    .addColumn('remark', 'text', text0)
    .addColumn('created_at', c.timeType, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('iot_ledger_sim').on('iot_ledger_entries').columns(['sim_id', 'account', 'id']).execute();

  await db.schema
    .createTable('iot_topup_offers')
    .addColumn('id', c.idType, c.id)
    .addColumn('promo_code', 'text', (col) => col.notNull().references('promoters.promo_code'))
    // balance | coupon
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('pay_amount', c.moneyType, (col) => col.notNull())
    .addColumn('bonus_balance', c.moneyType, int0)
    .addColumn('bonus_coin', c.moneyType, int0)
    .addColumn('title', 'text', text0)
    .addColumn('tag', 'text', text0)
    .addColumn('starts_at', c.timeType)
    .addColumn('ends_at', c.timeType)
    .addColumn('sort', 'integer', int0)
    .addColumn('enabled', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('created_at', c.timeType, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('iot_topup_offers_promoter').on('iot_topup_offers').columns(['promo_code', 'kind', 'sort']).execute();

  await db.schema
    .createTable('iot_renewal_settings')
    .addColumn('sim_id', c.idType, (col) => col.primaryKey().references('iot_sims.id'))
    .addColumn('enabled', 'integer', int0)
    .addColumn('package_id', c.idType, (col) => col.references('iot_packages.id'))
    .addColumn('updated_at', c.timeType, (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('iot_renewal_attempts')
    .addColumn('id', c.idType, c.id)
    .addColumn('sim_id', c.idType, (col) => col.notNull().references('iot_sims.id'))
    .addColumn('package_id', c.idType)
    // The end of service the attempt renews; one row per card and end, updated on every try.
    .addColumn('due_at', c.timeType, (col) => col.notNull())
    // renewed | skipped
    .addColumn('outcome', 'text', (col) => col.notNull())
    .addColumn('reason', 'text', text0)
    .addColumn('message', 'text', text0)
    .addColumn('order_no', 'text', text0)
    .addColumn('tries', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('created_at', c.timeType, (col) => col.notNull())
    .addColumn('updated_at', c.timeType, (col) => col.notNull())
    .addUniqueConstraint('iot_renewal_attempts_due', ['sim_id', 'due_at'])
    .execute();

  await db.schema
    .createTable('iot_pay_password_guard')
    .addColumn('sim_id', c.idType, (col) => col.primaryKey().references('iot_sims.id'))
    .addColumn('fails', 'integer', int0)
    .addColumn('locked_until', c.timeType)
    .addColumn('updated_at', c.timeType, (col) => col.notNull())
    .execute();

  // Volume packages: money already charged for their use (closeVolumePackage charges the rest).
  await db.schema.alterTable('iot_sim_packages').addColumn('charged', c.moneyType, int0).execute();

  // Cards that already hold money get an opening entry per account, so entries add up to the totals.
  for (const [account, column] of [
    ['balance', 'balance'],
    ['integral', 'integral'],
    ['coupon_coin', 'coupon_coin'],
    ['arrears', 'arrears_balance'],
  ] as const) {
    await sql`insert into iot_ledger_entries (sim_id, account, delta, balance_after, reason, order_no, remark, created_at)
      select id, ${account}, ${sql.ref(column)}, ${sql.ref(column)}, 'opening', '', '', updated_at from iot_sims where ${sql.ref(column)} <> 0`.execute(
      db,
    );
  }
}
