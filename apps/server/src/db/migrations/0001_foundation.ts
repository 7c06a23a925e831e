import type { Kysely } from 'kysely';
import { columns, type DialectName } from '../dialect.ts';

// Frozen: never edit a migration that has shipped; add a new one.
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  const c = columns(dialect);

  await db.schema
    .createTable('promoters')
    .addColumn('id', c.idType, c.id)
    .addColumn('promo_code', 'text', (col) => col.notNull().unique())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('is_default', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('is_agent', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('parent_id', c.idType, (col) => col.references('promoters.id'))
    .addColumn('invite_code', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('domain', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('douyin_mp_im_id', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('kuaishou_mp_im_id', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('show_payment_type', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('shop_menu', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('front', 'text', (col) => col.notNull())
    .addColumn('default_province', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('default_city', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('created_at', c.timeType, (col) => col.notNull())
    .addColumn('updated_at', c.timeType, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('promoters_parent').on('promoters').column('parent_id').execute();

  await db.schema
    .createTable('settings')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('value', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('dict_data')
    .addColumn('id', c.idType, c.id)
    .addColumn('dict_type', 'text', (col) => col.notNull())
    .addColumn('label', 'text', (col) => col.notNull())
    .addColumn('value', 'text', (col) => col.notNull())
    .addColumn('list_class', 'text', (col) => col.notNull().defaultTo('default'))
    .addColumn('sort', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('enabled', 'integer', (col) => col.notNull().defaultTo(1))
    .execute();
  await db.schema.createIndex('dict_data_type_value').on('dict_data').columns(['dict_type', 'value']).unique().execute();

  await db.schema
    .createTable('app_domains')
    .addColumn('package_name', 'text', (col) => col.primaryKey())
    .addColumn('domain', 'text', (col) => col.notNull())
    .addColumn('enabled', 'integer', (col) => col.notNull().defaultTo(1))
    .execute();

  await db.schema
    .createTable('client_error_reports')
    .addColumn('id', c.idType, c.id)
    .addColumn('platform', 'text', (col) => col.notNull())
    .addColumn('package_name', 'text', (col) => col.notNull())
    .addColumn('error', 'text', (col) => col.notNull())
    .addColumn('ip', 'text', (col) => col.notNull())
    .addColumn('created_at', c.timeType, (col) => col.notNull())
    .execute();

  // Fixed-window counters shared by every server instance (SMS sends, login attempts, ...).
  await db.schema
    .createTable('rate_counters')
    .addColumn('key', 'text', (col) => col.notNull())
    .addColumn('window_start', c.timeType, (col) => col.notNull())
    .addColumn('count', 'integer', (col) => col.notNull())
    .addColumn('expires_at', c.timeType, (col) => col.notNull())
    .addPrimaryKeyConstraint('rate_counters_pk', ['key', 'window_start'])
    .execute();
  await db.schema.createIndex('rate_counters_expiry').on('rate_counters').column('expires_at').execute();

  // Replies of calls that create orders or payments, replayed on retry with the same key.
  await db.schema
    .createTable('idempotency_keys')
    .addColumn('scope', 'text', (col) => col.notNull())
    .addColumn('key', 'text', (col) => col.notNull())
    .addColumn('request_hash', 'text', (col) => col.notNull())
    .addColumn('state', 'text', (col) => col.notNull())
    .addColumn('reply', 'text')
    .addColumn('created_at', c.timeType, (col) => col.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['scope', 'key'])
    .execute();
}
