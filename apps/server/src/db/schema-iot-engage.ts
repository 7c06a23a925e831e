import type { Generated } from 'kysely';

/** Tables of the iot-engage module (migrations 0010_iot_engage, 0011_iot_coupons, 0012_iot_vip, 0019_iot_accelerate, 0036_iot_engage_settings). Times epoch ms, days China time. */
export interface IotEngageTables {
  iot_sign_ins: { id: Generated<number>; sim_id: number; day: string; streak: number; points: number; created_at: number };
  iot_task_rewards: { id: Generated<number>; sim_id: number; task: string; points: number; created_at: number };
  /** A storefront's sign-in and task rewards (JSON); none stored means the built-in values. */
  iot_engage_settings: { promo_code: string; sign_in_rewards: string; tasks: string; updated_at: number };
  iot_exchange_items: {
    id: Generated<number>;
    promo_code: string;
    kind: 'coupon' | 'balance';
    coin_cost: number;
    value: number;
    min_spend: Generated<number>;
    valid_days: Generated<number>;
    stock: number | null;
    sold: Generated<number>;
    per_card_limit: Generated<number>;
    on_sale: Generated<number>;
    sort: Generated<number>;
    created_at: number;
    updated_at: number;
  };
  iot_exchanges: {
    id: Generated<number>;
    order_no: string;
    sim_id: number;
    item_id: number;
    kind: 'coupon' | 'balance';
    coin_cost: number;
    value: number;
    created_at: number;
  };
  iot_vip_plans: {
    id: Generated<number>;
    promo_code: string;
    name: string;
    logo: Generated<string>;
    gi: Generated<string>;
    price: number;
    original_price: Generated<number>;
    duration_days: number;
    points_multiplier: Generated<number>;
    /** Percent of a package's price paid while the VIP runs (100: no discount). */
    package_discount: Generated<number>;
    on_sale: Generated<number>;
    sort: Generated<number>;
    created_at: number;
    updated_at: number;
  };
  iot_vip_orders: {
    id: Generated<number>;
    order_sn: string;
    uuid: string;
    sim_id: number;
    vip_id: number;
    place_type: Generated<number>;
    vip_name: string;
    logo: Generated<string>;
    gi: string;
    points_multiplier: number;
    package_price: number;
    actual_pay_money: number;
    start_at: number;
    end_at: number;
    status: Generated<number>;
    refund_at: number | null;
    refund_money: Generated<number>;
    refund_remark: Generated<string>;
    refund_type: Generated<number>;
    remark: Generated<string>;
    package_discount: Generated<number>;
    /** "balance" or the online method it was paid with. */
    pay_method: Generated<string>;
    payment_no: Generated<string>;
    /** An unpaid (cashier) order closes then. */
    expires_at: number | null;
    created_at: number;
    updated_at: number;
  };
  iot_accelerate_plans: {
    id: Generated<number>;
    promo_code: string;
    name: string;
    logo: Generated<string>;
    speed_code: string;
    speed_mbps: number;
    duration_hours: number;
    price: number;
    original_price: Generated<number>;
    on_sale: Generated<number>;
    sort: Generated<number>;
    created_at: number;
    updated_at: number;
  };
  iot_accelerate_orders: {
    id: Generated<number>;
    order_sn: string;
    uuid: string;
    sim_id: number;
    accelerate_id: number;
    place_type: Generated<number>;
    pay_method: Generated<string>;
    payment_no: Generated<string>;
    accelerate_name: string;
    logo: Generated<string>;
    speed_code: string;
    speed_mbps: number;
    duration_hours: number;
    package_price: number;
    actual_pay_money: number;
    start_at: number;
    end_at: number;
    /** 0 awaiting payment, 1 paid, 2 refunded, 3 closed unpaid. */
    status: Generated<number>;
    expires_at: number | null;
    paid_at: number | null;
    carrier_state: Generated<AccelerateCarrierState>;
    carrier_due_at: number | null;
    carrier_tries: Generated<number>;
    applied_at: number | null;
    restored_at: number | null;
    refund_at: number | null;
    refund_money: Generated<number>;
    refund_remark: Generated<string>;
    refund_type: Generated<number>;
    remark: Generated<string>;
    created_at: number;
    updated_at: number;
  };
}

/** Where a speed-up stands at the carrier: the call due next (apply, restore) or what it answered. */
export type AccelerateCarrierState = 'none' | 'apply' | 'applied' | 'restore' | 'restored' | 'refused';
