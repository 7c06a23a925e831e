import type { Generated } from 'kysely';

/** Tables of the iot-money module (migration 0004_iot_money). Money in fen, flow in MB, times epoch ms. */
export interface IotPackagesTable {
  id: Generated<number>;
  promo_code: string;
  operator_type: Generated<number>;
  kind: 'base' | 'addon' | 'volume';
  name: string;
  description: Generated<string>;
  rules: Generated<string>;
  tag: Generated<string>;
  flow_mb: Generated<number>;
  unlimited: Generated<number>;
  g_price: Generated<number>;
  price: number;
  original_price: Generated<number>;
  duration: number;
  duration_unit: number;
  effects: Generated<string>;
  default_effect: Generated<string>;
  renewable: Generated<number>;
  coupon_deduct_max: Generated<number>;
  is_seckill: Generated<number>;
  seckill_starts_at: number | null;
  seckill_ends_at: number | null;
  stock: number | null;
  sold: Generated<number>;
  per_card_limit: Generated<number>;
  sort: Generated<number>;
  on_sale: Generated<number>;
  created_at: number;
  updated_at: number;
}

export type IotOrderKind = 'package' | 'balance' | 'coupon';
export type IotOrderStatusValue = 'pending' | 'paid' | 'effective' | 'refunded' | 'failed' | 'closed';

export interface IotOrdersTable {
  id: Generated<number>;
  order_no: string;
  sim_id: number;
  kind: IotOrderKind;
  source: Generated<string>;
  package_id: number | null;
  offer_id: number | null;
  title: string;
  amount: number;
  pay_amount: number;
  coin_amount: Generated<number>;
  credit_balance: Generated<number>;
  credit_coin: Generated<number>;
  arrears_settled: Generated<number>;
  pay_method: string;
  payment_no: Generated<string>;
  effect: string | null;
  sim_package_id: number | null;
  status: IotOrderStatusValue;
  fail_reason: Generated<string>;
  expires_at: number | null;
  paid_at: number | null;
  effective_at: number | null;
  refunded_at: number | null;
  created_at: number;
  updated_at: number;
}

export interface IotLedgerEntriesTable {
  id: Generated<number>;
  sim_id: number;
  account: 'balance' | 'integral' | 'coupon_coin' | 'arrears';
  delta: number;
  balance_after: number;
  reason: string;
  order_no: Generated<string>;
  remark: Generated<string>;
  created_at: number;
}

/** The provisioning outbox: a paid package order waiting for the carrier (migration 0006). */
export interface IotProvisioningTable {
  id: Generated<number>;
  order_id: number;
  sim_id: number;
  state: 'pending' | 'done' | 'refused';
  tries: Generated<number>;
  next_at: number;
  last_error: Generated<string>;
  created_at: number;
  updated_at: number;
}

export interface IotMoneyTables {
  iot_money_settings: {
    promo_code: string;
    realname_required: Generated<number>;
    allow_custom_topup: Generated<number>;
    topup_min: Generated<number>;
    topup_max: Generated<number>;
    renew_ahead_ms: Generated<number>;
    updated_at: number;
  };
  iot_packages: IotPackagesTable;
  iot_orders: IotOrdersTable;
  iot_ledger_entries: IotLedgerEntriesTable;
  iot_topup_offers: {
    id: Generated<number>;
    promo_code: string;
    kind: 'balance' | 'coupon';
    pay_amount: number;
    bonus_balance: Generated<number>;
    bonus_coin: Generated<number>;
    title: Generated<string>;
    tag: Generated<string>;
    starts_at: number | null;
    ends_at: number | null;
    sort: Generated<number>;
    enabled: Generated<number>;
    created_at: number;
  };
  iot_renewal_settings: { sim_id: number; enabled: Generated<number>; package_id: number | null; updated_at: number };
  iot_renewal_attempts: {
    id: Generated<number>;
    sim_id: number;
    package_id: number | null;
    due_at: number;
    outcome: 'renewed' | 'skipped';
    reason: Generated<string>;
    message: Generated<string>;
    order_no: Generated<string>;
    tries: Generated<number>;
    created_at: number;
    updated_at: number;
  };
  iot_provisioning: IotProvisioningTable;
  iot_pay_password_guard: { sim_id: number; fails: Generated<number>; locked_until: number | null; updated_at: number };
  iot_sim_coupons: IotSimCouponsTable;
}

/** Package coupons of a card (migration 0011_iot_coupons): money off one package paid from the balance. */
export interface IotSimCouponsTable {
  id: Generated<number>;
  sim_id: number;
  source_no: string;
  amount: number;
  min_spend: Generated<number>;
  expires_at: number;
  order_no: Generated<string>;
  used_at: number | null;
  created_at: number;
}
