import type { Kysely } from 'kysely';
import { columns, type DialectName } from '../dialect.ts';

/**
 * IoT self-service: devices, SIM cards, the packages a card holds, daily usage, SIM sessions and
 * login codes, per-promoter layouts, notices and agreements, break rules. Flow is whole MB,
 * money integer fen, times epoch ms UTC; usage days are UTC+8 calendar days (YYYY-MM-DD).
 * Frozen once shipped: add a new migration instead of editing.
 */
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  const c = columns(dialect);
  const int0 = (col: any) => col.notNull().defaultTo(0);
  const text0 = (col: any) => col.notNull().defaultTo('');

  await db.schema
    .createTable('iot_devices')
    .addColumn('id', c.idType, c.id)
    .addColumn('device_no', 'text', (col) => col.notNull().unique())
    .addColumn('promo_code', 'text', (col) => col.notNull().references('promoters.promo_code'))
    .addColumn('model', 'text', text0)
    .addColumn('imei', 'text', text0)
    .addColumn('wifi_encrypt', 'text', (col) => col.notNull().defaultTo('WPA2-PSK'))
    .addColumn('network_mode', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('online_status', 'integer', (col) => col.notNull().defaultTo(3))
    .addColumn('wifi24_name', 'text', text0)
    .addColumn('wifi24_pass', 'text', text0)
    .addColumn('wifi24_show', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('wifi24_switch', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('wifi24_conn', 'integer', int0)
    .addColumn('wifi24_max_conn', 'integer', (col) => col.notNull().defaultTo(10))
    .addColumn('wifi5_name', 'text', text0)
    .addColumn('wifi5_pass', 'text', text0)
    .addColumn('wifi5_show', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('wifi5_switch', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('wifi5_conn', 'integer', int0)
    .addColumn('wifi5_max_conn', 'integer', (col) => col.notNull().defaultTo(10))
    .addColumn('warranty_expire_at', c.timeType)
    .addColumn('warranty_content', 'text', text0)
    .addColumn('created_at', c.timeType, (col) => col.notNull())
    .addColumn('updated_at', c.timeType, (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('iot_break_rules')
    .addColumn('id', c.idType, c.id)
    .addColumn('code', 'text', (col) => col.notNull().unique())
    .addColumn('name', 'text', (col) => col.notNull())
    // manual: set by the carrier or an operator; day_flow_over: more than threshold_mb used in one day.
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('threshold_mb', 'integer', int0)
    .addColumn('tips', 'text', text0)
    .addColumn('no_close', 'integer', int0)
    .addColumn('allow_remove', 'integer', int0)
    .addColumn('remove_delay_ms', c.timeType, int0)
    .addColumn('popup_attr', 'text', (col) => col.notNull().defaultTo('{}'))
    .addColumn('enabled', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('created_at', c.timeType, (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('iot_sims')
    .addColumn('id', c.idType, c.id)
    .addColumn('sim_no', 'text', (col) => col.notNull().unique())
    .addColumn('iccid', 'text', (col) => col.notNull().unique())
    .addColumn('imsi', 'text', text0)
    .addColumn('imei', 'text', text0)
    .addColumn('mobile', 'text', text0)
    .addColumn('operator_type', 'integer', (col) => col.notNull().defaultTo(4))
    .addColumn('promo_code', 'text', (col) => col.notNull().references('promoters.promo_code'))
    .addColumn('device_id', c.idType, (col) => col.references('iot_devices.id'))
    .addColumn('device_slot', 'integer', int0)
    .addColumn('device_in_use', 'integer', int0)
    .addColumn('source_type', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('status', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('sim_status', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('auth_status', 'integer', int0)
    .addColumn('auth_platform_status', 'integer', int0)
    .addColumn('platform_auth_required', 'integer', int0)
    .addColumn('platform_auth_type', 'integer', (col) => col.notNull().defaultTo(2))
    .addColumn('internet_status', 'integer', int0)
    .addColumn('online_status', 'integer', (col) => col.notNull().defaultTo(3))
    .addColumn('cancel_status', 'integer', int0)
    .addColumn('replace_status', 'integer', int0)
    .addColumn('numb_auth', 'integer', (col) => col.notNull().defaultTo(2))
    .addColumn('bind_phone_mode', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('card_password_hash', 'text')
    .addColumn('pay_password_hash', 'text')
    .addColumn('apn', 'text', text0)
    // Cached totals; the ledgers of the money module append entries and update these together.
    .addColumn('balance', c.moneyType, int0)
    .addColumn('arrears_balance', c.moneyType, int0)
    .addColumn('integral', c.moneyType, int0)
    .addColumn('coupon_coin', c.moneyType, int0)
    .addColumn('recharge_times', 'integer', int0)
    // Written by the carrier synchronisation from the packages in effect and the daily usage.
    .addColumn('total_flow', c.moneyType, int0)
    .addColumn('use_flow', c.moneyType, int0)
    .addColumn('is_infinite_flow', 'integer', int0)
    .addColumn('end_at', c.timeType)
    .addColumn('volume_package_id', c.idType)
    .addColumn('day_use_flow', c.moneyType, int0)
    .addColumn('usage_day', 'text', text0)
    .addColumn('month_use_flow', c.moneyType, int0)
    .addColumn('usage_month', 'text', text0)
    .addColumn('usage_synced_at', c.timeType, int0)
    .addColumn('last_robin_at', c.timeType)
    .addColumn('refresh_at', c.timeType, int0)
    .addColumn('break_rule_id', c.idType, (col) => col.references('iot_break_rules.id'))
    .addColumn('break_at', c.timeType)
    .addColumn('break_remove_at', c.timeType)
    .addColumn('has_accelerate', 'integer', int0)
    .addColumn('activated_at', c.timeType)
    .addColumn('created_at', c.timeType, (col) => col.notNull())
    .addColumn('updated_at', c.timeType, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('iot_sims_device').on('iot_sims').columns(['device_id', 'device_slot']).execute();
  await db.schema.createIndex('iot_sims_promoter').on('iot_sims').column('promo_code').execute();

  await db.schema
    .createTable('iot_sim_packages')
    .addColumn('id', c.idType, c.id)
    .addColumn('sim_id', c.idType, (col) => col.notNull().references('iot_sims.id'))
    // The catalogue package it was bought from (money module), when any.
    .addColumn('package_id', c.idType)
    .addColumn('order_no', 'text', text0)
    .addColumn('name', 'text', (col) => col.notNull())
    // base | addon | volume (pay per use at g_price fen per GB)
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('flow_mb', c.moneyType, int0)
    .addColumn('unlimited', 'integer', int0)
    .addColumn('used_mb', c.moneyType, int0)
    .addColumn('g_price', c.moneyType, int0)
    .addColumn('price', c.moneyType, int0)
    .addColumn('duration', 'integer', (col) => col.notNull())
    .addColumn('duration_unit', 'integer', (col) => col.notNull())
    .addColumn('starts_at', c.timeType, (col) => col.notNull())
    .addColumn('ends_at', c.timeType, (col) => col.notNull())
    // pending (starts later) | active | expired | closed
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('created_at', c.timeType, (col) => col.notNull())
    .addColumn('updated_at', c.timeType, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('iot_sim_packages_sim').on('iot_sim_packages').columns(['sim_id', 'status', 'ends_at']).execute();

  await db.schema
    .createTable('iot_usage_daily')
    .addColumn('sim_id', c.idType, (col) => col.notNull().references('iot_sims.id'))
    .addColumn('day', 'text', (col) => col.notNull())
    .addColumn('flow_mb', c.moneyType, (col) => col.notNull())
    .addColumn('updated_at', c.timeType, (col) => col.notNull())
    .addPrimaryKeyConstraint('iot_usage_daily_pk', ['sim_id', 'day'])
    .execute();

  await db.schema
    .createTable('iot_sim_breaks')
    .addColumn('id', c.idType, c.id)
    .addColumn('sim_id', c.idType, (col) => col.notNull().references('iot_sims.id'))
    .addColumn('rule_id', c.idType, (col) => col.notNull().references('iot_break_rules.id'))
    .addColumn('started_at', c.timeType, (col) => col.notNull())
    .addColumn('removed_at', c.timeType)
    // holder | operator
    .addColumn('removed_by', 'text', text0)
    .execute();
  await db.schema.createIndex('iot_sim_breaks_sim').on('iot_sim_breaks').columns(['sim_id', 'started_at']).execute();

  await db.schema
    .createTable('iot_sim_sessions')
    .addColumn('id', c.idType, c.id)
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('sim_id', c.idType, (col) => col.notNull().references('iot_sims.id'))
    // Copied from the card (SIM numbers never change) so a token check is a single read.
    .addColumn('sim_no', 'text', (col) => col.notNull())
    // sn | iccid | device | code | switch
    .addColumn('login_mode', 'text', (col) => col.notNull())
    .addColumn('ip', 'text', text0)
    .addColumn('created_at', c.timeType, (col) => col.notNull())
    .addColumn('expires_at', c.timeType, (col) => col.notNull())
    .addColumn('revoked_at', c.timeType)
    .execute();
  await db.schema.createIndex('iot_sim_sessions_sim').on('iot_sim_sessions').column('sim_id').execute();
  await db.schema.createIndex('iot_sim_sessions_expiry').on('iot_sim_sessions').column('expires_at').execute();

  await db.schema
    .createTable('iot_login_codes')
    .addColumn('id', c.idType, c.id)
    .addColumn('sim_id', c.idType, (col) => col.notNull().references('iot_sims.id'))
    .addColumn('mobile', 'text', (col) => col.notNull())
    .addColumn('code_hash', 'text', (col) => col.notNull())
    .addColumn('attempts', 'integer', int0)
    .addColumn('created_at', c.timeType, (col) => col.notNull())
    .addColumn('expires_at', c.timeType, (col) => col.notNull())
    // Set when used, superseded by a newer code, or locked by too many wrong tries.
    .addColumn('closed_at', c.timeType)
    .execute();
  await db.schema.createIndex('iot_login_codes_sim').on('iot_login_codes').columns(['sim_id', 'id']).execute();

  await db.schema
    .createTable('iot_sim_layouts')
    .addColumn('promoter_id', c.idType, (col) => col.primaryKey().references('promoters.id'))
    .addColumn('config', 'text', (col) => col.notNull())
    .addColumn('version', c.timeType, (col) => col.notNull())
    .addColumn('updated_at', c.timeType, (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('iot_notices')
    .addColumn('id', c.idType, c.id)
    .addColumn('promoter_id', c.idType, (col) => col.notNull().references('promoters.id'))
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('content', 'text', text0)
    .addColumn('starts_at', c.timeType, (col) => col.notNull())
    .addColumn('ends_at', c.timeType)
    .addColumn('sort', 'integer', int0)
    .addColumn('enabled', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('created_at', c.timeType, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('iot_notices_promoter').on('iot_notices').columns(['promoter_id', 'starts_at']).execute();

  await db.schema
    .createTable('iot_protocols')
    .addColumn('id', c.idType, c.id)
    .addColumn('promoter_id', c.idType, (col) => col.notNull().references('promoters.id'))
    // login | service | privacy | taskRule
    .addColumn('type', 'text', (col) => col.notNull())
    // en | zh-Hans | zh-Hant
    .addColumn('language', 'text', (col) => col.notNull())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('content', 'text', (col) => col.notNull())
    .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('updated_at', c.timeType, (col) => col.notNull())
    .addUniqueConstraint('iot_protocols_unique', ['promoter_id', 'type', 'language'])
    .execute();
}
