import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../dialect.ts';
import * as m0001 from './0001_foundation.ts';
import * as m0002 from './0002_storefront.ts';
import * as m0003 from './0003_iot.ts';
import * as m0004 from './0004_iot_money.ts';
import * as m0005 from './0005_housekeeping.ts';
import * as m0006 from './0006_iot_provisioning.ts';
import * as m0007 from './0007_iot_carrier_data.ts';
import * as m0008 from './0008_i18n_texts.ts';
import * as m0009 from './0009_uploads.ts';
import * as m0010 from './0010_iot_engage.ts';
import * as m0011 from './0011_iot_coupons.ts';
import * as m0012 from './0012_iot_vip.ts';
import * as m0013 from './0013_goods.ts';
import * as m0014 from './0014_mall.ts';
import * as m0015 from './0015_customer_service.ts';
import * as m0016 from './0016_tracking_and_single_pages.ts';
import * as m0017 from './0017_iot_account.ts';
import * as m0018 from './0018_oauth.ts';
import * as m0019 from './0019_iot_accelerate.ts';
import * as m0020 from './0020_iot_device.ts';
import * as m0022 from './0022_iot_codes.ts';
import * as m0023 from './0023_fast_number_orders.ts';
import * as m0024 from './0024_agents.ts';
import * as m0025 from './0025_payment_refunds.ts';
import * as m0027 from './0027_admin.ts';
import * as m0028 from './0028_sms_messages_and_wechat_jsapi.ts';
import * as m0029 from './0029_iot_perks_until.ts';
import * as m0031 from './0031_iot_layout_drafts.ts';
import * as m0033 from './0033_number_watch.ts';
import * as m0034 from './0034_iot_usage_alerts.ts';
import * as m0036 from './0036_iot_engage_settings.ts';
import * as m0039 from './0039_webhooks.ts';
import * as m0040 from './0040_iot_capabilities.ts';
import * as m0041 from './0041_iot_auto_rules.ts';
import * as m0042 from './0042_iot_device_security.ts';
import * as m0043 from './0043_webhook_purge.ts';
import * as m0044 from './0044_rate_counter_floor.ts';
import * as m0070 from './0070_iot_carrier_usage_marks.ts';
import * as m0074 from './0074_iot_realname_consents.ts';
import * as m0078 from './0078_iot_carrier_operations.ts';
import * as m0082 from './0082_iot_carrier_accounts.ts';
import * as m0090 from './0090_iot_carrier_recon.ts';
import * as m0095 from './0095_shipment_tracking.ts';
import * as m0105 from './0105_iot_session_proof.ts';

type DialectMigration = { up(db: Kysely<any>, dialect: DialectName): Promise<void> };

/** Every migration in order. Append only. */
const all: Record<string, DialectMigration> = {
  '0001_foundation': m0001,
  '0002_storefront': m0002,
  '0003_iot': m0003,
  '0004_iot_money': m0004,
  '0005_housekeeping': m0005,
  '0006_iot_provisioning': m0006,
  '0007_iot_carrier_data': m0007,
  '0008_i18n_texts': m0008,
  '0009_uploads': m0009,
  '0010_iot_engage': m0010,
  '0011_iot_coupons': m0011,
  '0012_iot_vip': m0012,
  '0013_goods': m0013,
  '0014_mall': m0014,
  '0015_customer_service': m0015,
  '0016_tracking_and_single_pages': m0016,
  '0017_iot_account': m0017,
  '0018_oauth': m0018,
  '0019_iot_accelerate': m0019,
  '0020_iot_device': m0020,
  '0022_iot_codes': m0022,
  '0023_fast_number_orders': m0023,
  '0024_agents': m0024,
  '0025_payment_refunds': m0025,
  '0027_admin': m0027,
  '0028_sms_messages_and_wechat_jsapi': m0028,
  '0029_iot_perks_until': m0029,
  '0031_iot_layout_drafts': m0031,
  '0033_number_watch': m0033,
  '0034_iot_usage_alerts': m0034,
  '0036_iot_engage_settings': m0036,
  '0039_webhooks': m0039,
  '0040_iot_capabilities': m0040,
  '0041_iot_auto_rules': m0041,
  '0042_iot_device_security': m0042,
  '0043_webhook_purge': m0043,
  '0044_rate_counter_floor': m0044,
  '0070_iot_carrier_usage_marks': m0070,
  '0074_iot_realname_consents': m0074,
  '0078_iot_carrier_operations': m0078,
  '0082_iot_carrier_accounts': m0082,
  '0090_iot_carrier_recon': m0090,
  '0095_shipment_tracking': m0095,
  '0105_iot_session_proof': m0105,
};

export function migrationsFor(dialect: DialectName): Record<string, Migration> {
  return Object.fromEntries(Object.entries(all).map(([name, m]) => [name, { up: (db) => m.up(db, dialect) }]));
}
