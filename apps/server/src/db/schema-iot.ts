import type { Generated } from 'kysely';

/** Tables of the iot modules (migration 0003_iot). Flow in MB, money in fen, times epoch ms. */
export interface IotDevicesTable {
  id: Generated<number>;
  device_no: string;
  promo_code: string;
  model: Generated<string>;
  imei: Generated<string>;
  wifi_encrypt: Generated<string>;
  network_mode: Generated<number>;
  online_status: Generated<number>;
  wifi24_name: Generated<string>;
  wifi24_pass: Generated<string>;
  wifi24_show: Generated<number>;
  wifi24_switch: Generated<number>;
  wifi24_conn: Generated<number>;
  wifi24_max_conn: Generated<number>;
  wifi5_name: Generated<string>;
  wifi5_pass: Generated<string>;
  wifi5_show: Generated<number>;
  wifi5_switch: Generated<number>;
  wifi5_conn: Generated<number>;
  wifi5_max_conn: Generated<number>;
  warranty_expire_at: number | null;
  warranty_content: Generated<string>;
  created_at: number;
  updated_at: number;
}

export interface IotSimsTable {
  id: Generated<number>;
  sim_no: string;
  iccid: string;
  imsi: Generated<string>;
  imei: Generated<string>;
  mobile: Generated<string>;
  operator_type: Generated<number>;
  promo_code: string;
  device_id: number | null;
  device_slot: Generated<number>;
  device_in_use: Generated<number>;
  source_type: Generated<number>;
  status: Generated<number>;
  sim_status: Generated<number>;
  auth_status: Generated<number>;
  auth_platform_status: Generated<number>;
  platform_auth_required: Generated<number>;
  platform_auth_type: Generated<number>;
  internet_status: Generated<number>;
  /** Data on (1) or off (0) as the carrier last confirmed it (migration 0007). */
  carrier_data: Generated<number>;
  online_status: Generated<number>;
  cancel_status: Generated<number>;
  replace_status: Generated<number>;
  numb_auth: Generated<number>;
  bind_phone_mode: Generated<number>;
  card_password_hash: string | null;
  pay_password_hash: string | null;
  apn: Generated<string>;
  balance: Generated<number>;
  arrears_balance: Generated<number>;
  integral: Generated<number>;
  coupon_coin: Generated<number>;
  recharge_times: Generated<number>;
  total_flow: Generated<number>;
  use_flow: Generated<number>;
  is_infinite_flow: Generated<number>;
  end_at: number | null;
  /** The latest end of the card's paid VIP and speed-up windows (a bound: none runs after it). */
  perks_until: number | null;
  volume_package_id: number | null;
  day_use_flow: Generated<number>;
  usage_day: Generated<string>;
  month_use_flow: Generated<number>;
  usage_month: Generated<string>;
  usage_synced_at: Generated<number>;
  last_robin_at: number | null;
  refresh_at: Generated<number>;
  break_rule_id: number | null;
  break_at: number | null;
  break_remove_at: number | null;
  has_accelerate: Generated<number>;
  activated_at: number | null;
  created_at: number;
  updated_at: number;
}

export type PackageKind = 'base' | 'addon' | 'volume';
/** `provisioning`: paid, waiting for the carrier to open it; `refused`: the carrier did not (money returned). */
export type PackageStatus = 'provisioning' | 'pending' | 'active' | 'expired' | 'closed' | 'refused';

export interface IotSimPackagesTable {
  id: Generated<number>;
  sim_id: number;
  package_id: number | null;
  order_no: Generated<string>;
  name: string;
  kind: PackageKind;
  flow_mb: Generated<number>;
  unlimited: Generated<number>;
  used_mb: Generated<number>;
  g_price: Generated<number>;
  price: Generated<number>;
  /** Volume packages: money charged so far for their use (migration 0004). */
  charged: Generated<number>;
  duration: number;
  duration_unit: number;
  starts_at: number;
  ends_at: number;
  status: PackageStatus;
  created_at: number;
  updated_at: number;
}

export interface IotBreakRulesTable {
  id: Generated<number>;
  code: string;
  name: string;
  kind: 'manual' | 'day_flow_over';
  threshold_mb: Generated<number>;
  tips: Generated<string>;
  no_close: Generated<number>;
  allow_remove: Generated<number>;
  remove_delay_ms: Generated<number>;
  popup_attr: Generated<string>;
  enabled: Generated<number>;
  created_at: number;
}

export interface IotTables {
  iot_devices: IotDevicesTable;
  iot_sims: IotSimsTable;
  iot_sim_packages: IotSimPackagesTable;
  iot_usage_daily: { sim_id: number; day: string; flow_mb: number; updated_at: number };
  iot_break_rules: IotBreakRulesTable;
  iot_sim_breaks: {
    id: Generated<number>;
    sim_id: number;
    rule_id: number;
    started_at: number;
    removed_at: number | null;
    removed_by: Generated<string>;
  };
  iot_sim_sessions: {
    id: Generated<number>;
    token_hash: string;
    sim_id: number;
    sim_no: string;
    login_mode: string;
    ip: Generated<string>;
    created_at: number;
    expires_at: number;
    revoked_at: number | null;
    /** When the session proved possession (SMS code or card password); null until then. */
    proven_at: number | null;
  };
  iot_login_codes: {
    id: Generated<number>;
    sim_id: number;
    mobile: string;
    code_hash: string;
    attempts: Generated<number>;
    created_at: number;
    expires_at: number;
    closed_at: number | null;
    /** login: a login (or pay-password) code to the bound phone; bind: a code to a phone being bound. */
    purpose: Generated<'login' | 'bind' | 'terminal'>;
  };
  iot_sim_layouts: { promoter_id: number; config: string; version: number; updated_at: number };
  iot_layout_drafts: {
    id: Generated<number>;
    promoter_id: number;
    config: string;
    texts: string;
    operator_id: number;
    created_at: number;
    published_at: number | null;
  };
  iot_notices: {
    id: Generated<number>;
    promoter_id: number;
    title: string;
    content: Generated<string>;
    starts_at: number;
    ends_at: number | null;
    sort: Generated<number>;
    enabled: Generated<number>;
    created_at: number;
  };
  iot_protocols: {
    id: Generated<number>;
    promoter_id: number;
    type: string;
    language: string;
    title: string;
    content: string;
    version: Generated<number>;
    updated_at: number;
  };
}
