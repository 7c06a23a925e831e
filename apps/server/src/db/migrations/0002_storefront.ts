import type { Kysely } from 'kysely';
import { columns, type DialectName } from '../dialect.ts';

// Frozen once shipped: never edit a migration that has shipped; add a new one.
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  await numbers(db, dialect);
  await orders(db, dialect);
  await auth(db, dialect);
  await payments(db, dialect);
  await logistics(db, dialect);
}

async function index(db: Kysely<any>, table: string, name: string, cols: string[], unique = false) {
  const builder = db.schema.createIndex(name).on(table).columns(cols);
  await (unique ? builder.unique() : builder).execute();
}

async function numbers(db: Kysely<any>, dialect: DialectName) {
  const c = columns(dialect);
  await db.schema
    .createTable('number_packages')
    .addColumn('id', c.idType, c.id)
    .addColumn('operator', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('monthly_fee', c.moneyType, (col) => col.notNull())
    .addColumn('data_mb', 'integer', (col) => col.notNull())
    .addColumn('voice_minutes', 'integer', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull())
    .addColumn('sort', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('enabled', 'integer', (col) => col.notNull().defaultTo(1))
    .execute();
  await index(db, 'number_packages', 'number_packages_operator', ['operator', 'sort']);

  // The inventory. `tags` is the pattern bit mask (plus the FEATURED bit); `rev` is the number
  // reversed, so "ends with" is an index range; `rank` is the default ("recommended") order.
  await db.schema
    .createTable('numbers')
    .addColumn('id', c.idType, c.id)
    .addColumn('number', 'text', (col) => col.notNull().unique())
    .addColumn('segment', 'text', (col) => col.notNull())
    .addColumn('rev', 'text', (col) => col.notNull())
    .addColumn('operator', 'text', (col) => col.notNull())
    .addColumn('province', 'text', (col) => col.notNull())
    .addColumn('city', 'text', (col) => col.notNull())
    .addColumn('price', c.moneyType, (col) => col.notNull())
    .addColumn('prestored', c.moneyType, (col) => col.notNull())
    .addColumn('min_monthly_fee', c.moneyType, (col) => col.notNull().defaultTo(0))
    .addColumn('tags', 'integer', (col) => col.notNull())
    .addColumn('rank', 'integer', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('order_id', c.idType)
    .addColumn('created_at', c.timeType, (col) => col.notNull())
    .addColumn('updated_at', c.timeType, (col) => col.notNull())
    .execute();
  await index(db, 'numbers', 'numbers_status_rank', ['status', 'rank', 'id']);
  await index(db, 'numbers', 'numbers_status_province_rank', ['status', 'province', 'rank', 'id']);
  await index(db, 'numbers', 'numbers_status_city_rank', ['status', 'city', 'rank', 'id']);
  await index(db, 'numbers', 'numbers_status_segment_rank', ['status', 'segment', 'rank', 'id']);
  await index(db, 'numbers', 'numbers_status_price', ['status', 'price', 'id']);
  await index(db, 'numbers', 'numbers_status_province_price', ['status', 'province', 'price', 'id']);
  await index(db, 'numbers', 'numbers_status_rev', ['status', 'rev']);

  // Posting lists of the tags of numbers on sale (one row per number and tag bit), with the
  // columns the common filters and sorts need, so a pattern filter is an index range whatever the
  // inventory size. Rows are removed when a number leaves sale and added back when it returns.
  await db.schema
    .createTable('number_tags')
    .addColumn('tag', 'integer', (col) => col.notNull())
    .addColumn('number_id', c.idType, (col) => col.notNull())
    .addColumn('operator', 'text', (col) => col.notNull())
    .addColumn('province', 'text', (col) => col.notNull())
    .addColumn('city', 'text', (col) => col.notNull())
    .addColumn('price', c.moneyType, (col) => col.notNull())
    .addColumn('rank', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('number_tags_pk', ['tag', 'number_id'])
    .execute();
  await index(db, 'number_tags', 'number_tags_rank', ['tag', 'rank', 'number_id']);
  await index(db, 'number_tags', 'number_tags_province_rank', ['tag', 'province', 'rank', 'number_id']);
  await index(db, 'number_tags', 'number_tags_city_rank', ['tag', 'city', 'rank', 'number_id']);
  await index(db, 'number_tags', 'number_tags_price', ['tag', 'price', 'number_id']);

  await db.schema
    .createTable('hot_searches')
    .addColumn('id', c.idType, c.id)
    .addColumn('label', 'text', (col) => col.notNull())
    .addColumn('field', 'text', (col) => col.notNull())
    .addColumn('value', 'text', (col) => col.notNull())
    .addColumn('sort', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
}

async function orders(db: Kysely<any>, dialect: DialectName) {
  const c = columns(dialect);
  await db.schema
    .createTable('number_orders')
    .addColumn('id', c.idType, c.id)
    .addColumn('order_no', 'text', (col) => col.notNull().unique())
    .addColumn('promoter_id', c.idType, (col) => col.notNull().references('promoters.id'))
    .addColumn('number_id', c.idType, (col) => col.notNull().references('numbers.id'))
    .addColumn('number', 'text', (col) => col.notNull())
    .addColumn('operator', 'text', (col) => col.notNull())
    .addColumn('package_id', c.idType, (col) => col.notNull().references('number_packages.id'))
    .addColumn('package_name', 'text', (col) => col.notNull())
    .addColumn('buyer_name', 'text', (col) => col.notNull())
    .addColumn('id_number', 'text', (col) => col.notNull())
    .addColumn('contact_mobile', 'text', (col) => col.notNull())
    .addColumn('province', 'text', (col) => col.notNull())
    .addColumn('city', 'text', (col) => col.notNull())
    .addColumn('county', 'text', (col) => col.notNull())
    .addColumn('address_detail', 'text', (col) => col.notNull())
    .addColumn('price', c.moneyType, (col) => col.notNull())
    .addColumn('prestored', c.moneyType, (col) => col.notNull())
    .addColumn('amount', c.moneyType, (col) => col.notNull())
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
  await index(db, 'number_orders', 'number_orders_owner_session', ['owner_session', 'id']);
  await index(db, 'number_orders', 'number_orders_owner_mobile', ['owner_mobile', 'id']);
  await index(db, 'number_orders', 'number_orders_contact_mobile', ['contact_mobile', 'id']);
  await index(db, 'number_orders', 'number_orders_hold', ['status', 'hold_until']);
  await index(db, 'number_orders', 'number_orders_number', ['number_id']);

  await db.schema
    .createTable('reviews')
    .addColumn('id', c.idType, c.id)
    .addColumn('promoter_id', c.idType, (col) => col.notNull().references('promoters.id'))
    .addColumn('order_id', c.idType, (col) => col.notNull().unique().references('number_orders.id'))
    .addColumn('number', 'text', (col) => col.notNull())
    .addColumn('buyer_name', 'text', (col) => col.notNull())
    .addColumn('mobile', 'text', (col) => col.notNull())
    .addColumn('rating', 'integer', (col) => col.notNull())
    .addColumn('content', 'text', (col) => col.notNull())
    .addColumn('created_at', c.timeType, (col) => col.notNull())
    .execute();
  await index(db, 'reviews', 'reviews_promoter', ['promoter_id', 'id']);
}

async function auth(db: Kysely<any>, dialect: DialectName) {
  const c = columns(dialect);
  // SMS codes are stored as keyed hashes; only the latest unused one of a mobile and scene counts.
  await db.schema
    .createTable('sms_codes')
    .addColumn('id', c.idType, c.id)
    .addColumn('mobile', 'text', (col) => col.notNull())
    .addColumn('scene', 'text', (col) => col.notNull())
    .addColumn('code_hash', 'text', (col) => col.notNull())
    .addColumn('ip', 'text', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('voided', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('used_at', c.timeType)
    .addColumn('created_at', c.timeType, (col) => col.notNull())
    .addColumn('expires_at', c.timeType, (col) => col.notNull())
    .execute();
  await index(db, 'sms_codes', 'sms_codes_mobile', ['mobile', 'scene', 'id']);
  await index(db, 'sms_codes', 'sms_codes_expiry', ['expires_at']);

  // A login binds the hash of the browser's session id to a mobile until it expires or is revoked.
  await db.schema
    .createTable('login_sessions')
    .addColumn('session_hash', 'text', (col) => col.primaryKey())
    .addColumn('mobile', 'text', (col) => col.notNull())
    .addColumn('created_at', c.timeType, (col) => col.notNull())
    .addColumn('expires_at', c.timeType, (col) => col.notNull())
    .addColumn('revoked_at', c.timeType)
    .execute();
  await index(db, 'login_sessions', 'login_sessions_mobile', ['mobile']);
}

async function payments(db: Kysely<any>, dialect: DialectName) {
  const c = columns(dialect);
  await db.schema
    .createTable('payments')
    .addColumn('id', c.idType, c.id)
    .addColumn('payment_no', 'text', (col) => col.notNull().unique())
    .addColumn('order_type', 'text', (col) => col.notNull())
    .addColumn('order_id', c.idType, (col) => col.notNull())
    .addColumn('order_no', 'text', (col) => col.notNull())
    .addColumn('amount', c.moneyType, (col) => col.notNull())
    .addColumn('method', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('subject', 'text', (col) => col.notNull())
    .addColumn('return_url', 'text', (col) => col.notNull())
    .addColumn('pay_url', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('provider_trade_no', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('expires_at', c.timeType, (col) => col.notNull())
    .addColumn('paid_at', c.timeType)
    .addColumn('closed_at', c.timeType)
    .addColumn('refunded_at', c.timeType)
    .addColumn('refund_reason', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('created_at', c.timeType, (col) => col.notNull())
    .addColumn('updated_at', c.timeType, (col) => col.notNull())
    .execute();
  await index(db, 'payments', 'payments_order', ['order_type', 'order_id', 'id']);
  await index(db, 'payments', 'payments_status', ['status', 'created_at']);

  // Every notification received, applied or not: the audit trail of forged or mismatched ones.
  await db.schema
    .createTable('payment_notifications')
    .addColumn('id', c.idType, c.id)
    .addColumn('method', 'text', (col) => col.notNull())
    .addColumn('payment_no', 'text', (col) => col.notNull())
    .addColumn('outcome', 'text', (col) => col.notNull())
    .addColumn('detail', 'text', (col) => col.notNull())
    .addColumn('body', 'text', (col) => col.notNull())
    .addColumn('ip', 'text', (col) => col.notNull())
    .addColumn('created_at', c.timeType, (col) => col.notNull())
    .execute();
  await index(db, 'payment_notifications', 'payment_notifications_payment', ['payment_no']);

  // The sandbox provider's own books (it stands in for an outside payment system).
  await db.schema
    .createTable('sandbox_trades')
    .addColumn('trade_no', 'text', (col) => col.primaryKey())
    .addColumn('payment_no', 'text', (col) => col.notNull().unique())
    .addColumn('amount', c.moneyType, (col) => col.notNull())
    .addColumn('subject', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('notify_url', 'text', (col) => col.notNull())
    .addColumn('return_url', 'text', (col) => col.notNull())
    .addColumn('expires_at', c.timeType, (col) => col.notNull())
    .addColumn('paid_at', c.timeType)
    .addColumn('created_at', c.timeType, (col) => col.notNull())
    .addColumn('updated_at', c.timeType, (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('sandbox_outbox')
    .addColumn('id', c.idType, c.id)
    .addColumn('trade_no', 'text', (col) => col.notNull())
    .addColumn('url', 'text', (col) => col.notNull())
    .addColumn('body', 'text', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('next_attempt_at', c.timeType)
    .addColumn('delivered_at', c.timeType)
    .addColumn('last_error', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('created_at', c.timeType, (col) => col.notNull())
    .execute();
  await index(db, 'sandbox_outbox', 'sandbox_outbox_due', ['next_attempt_at']);
}

async function logistics(db: Kysely<any>, dialect: DialectName) {
  const c = columns(dialect);
  await db.schema
    .createTable('shipments')
    .addColumn('id', c.idType, c.id)
    .addColumn('order_type', 'text', (col) => col.notNull())
    .addColumn('order_id', c.idType, (col) => col.notNull())
    .addColumn('company_code', 'text', (col) => col.notNull())
    .addColumn('company_name', 'text', (col) => col.notNull())
    .addColumn('tracking_no', 'text', (col) => col.notNull().unique())
    .addColumn('from_city', 'text', (col) => col.notNull())
    .addColumn('to_city', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('delivered_at', c.timeType)
    .addColumn('created_at', c.timeType, (col) => col.notNull())
    .addColumn('updated_at', c.timeType, (col) => col.notNull())
    .execute();
  await index(db, 'shipments', 'shipments_order', ['order_type', 'order_id'], true);
  await index(db, 'shipments', 'shipments_status', ['status', 'id']);
  await db.schema
    .createTable('shipment_events')
    .addColumn('id', c.idType, c.id)
    .addColumn('shipment_id', c.idType, (col) => col.notNull().references('shipments.id'))
    .addColumn('seq', 'integer', (col) => col.notNull())
    .addColumn('at', c.timeType, (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull())
    .addColumn('location', 'text', (col) => col.notNull())
    .execute();
  await index(db, 'shipment_events', 'shipment_events_seq', ['shipment_id', 'seq'], true);
}
