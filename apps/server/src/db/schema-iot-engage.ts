import type { Generated } from 'kysely';

/** Tables of the iot-engage module (migrations 0010_iot_engage, 0011_iot_coupons, 0012_iot_vip). Times epoch ms, days China time. */
export interface IotEngageTables {
  iot_sign_ins: { id: Generated<number>; sim_id: number; day: string; streak: number; points: number; created_at: number };
  iot_task_rewards: { id: Generated<number>; sim_id: number; task: string; points: number; created_at: number };
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
    created_at: number;
    updated_at: number;
  };
}
