import type { Generated } from 'kysely';

/** Tables of the storefront modules (migration 0002). Money in fen, times in epoch ms. */

export interface NumberPackagesTable {
  id: Generated<number>;
  operator: string;
  name: string;
  monthly_fee: number;
  data_mb: number;
  voice_minutes: number;
  description: string;
  sort: number;
  enabled: number;
}

export interface NumbersTable {
  id: Generated<number>;
  number: string;
  segment: string;
  rev: string;
  operator: string;
  province: string;
  city: string;
  price: number;
  prestored: number;
  min_monthly_fee: number;
  tags: number;
  rank: number;
  status: string;
  order_id: number | null;
  created_at: number;
  updated_at: number;
}

export interface NumberTagsTable {
  tag: number;
  number_id: number;
  operator: string;
  province: string;
  city: string;
  price: number;
  rank: number;
}

export interface NumberOrdersTable {
  id: Generated<number>;
  order_no: string;
  promoter_id: number;
  number_id: number;
  number: string;
  operator: string;
  package_id: number;
  package_name: string;
  buyer_name: string;
  id_number: string;
  contact_mobile: string;
  province: string;
  city: string;
  county: string;
  address_detail: string;
  price: number;
  prestored: number;
  amount: number;
  status: string;
  owner_mobile: string;
  owner_session: string;
  hold_until: number | null;
  paid_at: number | null;
  shipped_at: number | null;
  completed_at: number | null;
  cancelled_at: number | null;
  cancel_reason: string;
  refunded_at: number | null;
  paid_payment_no: string;
  created_at: number;
  updated_at: number;
}

export interface PaymentsTable {
  id: Generated<number>;
  payment_no: string;
  order_type: string;
  order_id: number;
  order_no: string;
  amount: number;
  method: string;
  status: string;
  subject: string;
  return_url: string;
  pay_url: string;
  /** WeChat Pay JSAPI's signed parameters (JSON), '' for a payment opened by URL. */
  pay_params: Generated<string>;
  provider_trade_no: string;
  expires_at: number;
  paid_at: number | null;
  closed_at: number | null;
  refunded_at: number | null;
  refund_reason: string;
  /** Sum of the payment's refunds pending or done (never above amount). */
  refund_reserved: Generated<number>;
  /** Sum of the refunds the provider has done; equal to amount once the payment is refunded. */
  refund_settled: Generated<number>;
  created_at: number;
  updated_at: number;
}

export interface PaymentRefundsTable {
  id: Generated<number>;
  refund_no: string;
  payment_id: number;
  payment_no: string;
  amount: number;
  reason: string;
  idem_key: string;
  state: string;
  provider_refund_no: string;
  detail: string;
  attempts: number;
  created_at: number;
  updated_at: number;
  settled_at: number | null;
}

export interface StorefrontTables {
  number_packages: NumberPackagesTable;
  numbers: NumbersTable;
  number_tags: NumberTagsTable;
  hot_searches: { id: Generated<number>; label: string; field: string; value: string; sort: number };
  number_orders: NumberOrdersTable;
  reviews: {
    id: Generated<number>;
    promoter_id: number;
    order_id: number;
    number: string;
    buyer_name: string;
    mobile: string;
    rating: number;
    content: string;
    created_at: number;
  };
  sms_codes: {
    id: Generated<number>;
    mobile: string;
    scene: string;
    code_hash: string;
    ip: string;
    attempts: number;
    voided: number;
    used_at: number | null;
    created_at: number;
    expires_at: number;
  };
  login_sessions: { session_hash: string; mobile: string; created_at: number; expires_at: number; revoked_at: number | null };
  payments: PaymentsTable;
  payment_refunds: PaymentRefundsTable;
  sandbox_refunds: { refund_no: string; trade_no: string; amount: number; created_at: number };
  payment_notifications: {
    id: Generated<number>;
    method: string;
    payment_no: string;
    outcome: string;
    detail: string;
    body: string;
    ip: string;
    created_at: number;
  };
  sandbox_trades: {
    trade_no: string;
    payment_no: string;
    amount: number;
    subject: string;
    status: string;
    notify_url: string;
    return_url: string;
    expires_at: number;
    paid_at: number | null;
    created_at: number;
    updated_at: number;
  };
  sandbox_outbox: {
    id: Generated<number>;
    trade_no: string;
    url: string;
    body: string;
    attempts: number;
    next_attempt_at: number | null;
    delivered_at: number | null;
    last_error: string;
    created_at: number;
  };
  shipments: {
    id: Generated<number>;
    order_type: string;
    order_id: number;
    company_code: string;
    company_name: string;
    tracking_no: string;
    from_city: string;
    to_city: string;
    from_area: Generated<string>;
    to_area: Generated<string>;
    /** none | pending | subscribed | failed */
    subscription: Generated<string>;
    subscribe_attempts: Generated<number>;
    next_check_at: Generated<number>;
    last_push_at: number | null;
    last_error: string | null;
    status: string;
    delivered_at: number | null;
    created_at: number;
    updated_at: number;
  };
  shipment_events: {
    id: Generated<number>;
    shipment_id: number;
    seq: number;
    at: number;
    status: string;
    description: string;
    location: string;
    area_code: Generated<string>;
    text_language: Generated<string>;
    event_key: Generated<string>;
  };
}
