import type { Generated } from 'kysely';
import type { AccountTables, OAuthTables } from './schema-account.ts';
import type { AdminTables } from './schema-admin.ts';
import type { AgentTables } from './schema-agents.ts';
import type { CustomerTables } from './schema-customer.ts';
import type { FastNumberTables } from './schema-fast-number.ts';
import type { GoodsTables } from './schema-goods.ts';
import type { I18nTables } from './schema-i18n.ts';
import type { IotTables } from './schema-iot.ts';
import type { IotAlertTables } from './schema-iot-alerts.ts';
import type { IotCapabilityTables } from './schema-iot-capabilities.ts';
import type { IotCarrierTables } from './schema-iot-carrier.ts';
import type { IotCarrierAccountTables } from './schema-iot-carrier-accounts.ts';
import type { IotCarrierReconTables } from './schema-iot-carrier-recon.ts';
import type { IotCodesTables } from './schema-iot-codes.ts';
import type { IotDeviceTables } from './schema-iot-device.ts';
import type { IotEngageTables } from './schema-iot-engage.ts';
import type { IotMoneyTables } from './schema-iot-money.ts';
import type { IotRuleTables } from './schema-iot-rules.ts';
import type { MallTables } from './schema-mall.ts';
import type { NumberWatchTables } from './schema-number-watch.ts';
import type { PromotionTables } from './schema-promotion.ts';
import type { SmsTables } from './schema-sms.ts';
import type { StorefrontTables } from './schema-storefront.ts';
import type { WebhookTables } from './schema-webhooks.ts';

/** Tables of the foundation; each domain module adds its own interface to Database below. */
export interface PromotersTable {
  id: Generated<number>;
  promo_code: string;
  name: string;
  is_default: number;
  is_agent: number;
  parent_id: number | null;
  invite_code: string;
  domain: string;
  douyin_mp_im_id: string;
  kuaishou_mp_im_id: string;
  show_payment_type: string;
  shop_menu: string;
  front: string;
  default_province: string;
  default_city: string;
  created_at: number;
  updated_at: number;
}

export interface FoundationTables {
  promoters: PromotersTable;
  settings: { key: string; value: string };
  dict_data: {
    id: Generated<number>;
    dict_type: string;
    label: string;
    value: string;
    list_class: string;
    sort: number;
    enabled: number;
  };
  app_domains: { package_name: string; domain: string; enabled: number };
  client_error_reports: {
    id: Generated<number>;
    platform: string;
    package_name: string;
    error: string;
    ip: string;
    created_at: number;
  };
  /** `floor`: where a window counted here while Redis was unavailable started (its Redis count then); the window's count is floor + count. */
  rate_counters: { key: string; window_start: number; count: number; floor: Generated<number>; expires_at: number };
  idempotency_keys: {
    scope: string;
    key: string;
    request_hash: string;
    state: string;
    reply: string | null;
    created_at: number;
  };
  /** One row /healthz rewrites to prove the database takes writes. */
  health_probe: { id: number; checked_at: number };
}

export interface Database
  extends FoundationTables,
    StorefrontTables,
    IotTables,
    IotDeviceTables,
    IotMoneyTables,
    IotRuleTables,
    IotEngageTables,
    I18nTables,
    AccountTables,
    GoodsTables,
    MallTables,
    CustomerTables,
    PromotionTables,
    OAuthTables,
    IotCodesTables,
    FastNumberTables,
    AgentTables,
    AdminTables,
    SmsTables,
    NumberWatchTables,
    IotAlertTables,
    IotCapabilityTables,
    IotCarrierTables,
    IotCarrierAccountTables,
    IotCarrierReconTables,
    WebhookTables {}
