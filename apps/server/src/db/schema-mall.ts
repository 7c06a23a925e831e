import type { Generated } from 'kysely';

/** Tables of the mall module (migration 0014_mall). Money in fen, points whole, times epoch ms. */
export interface MallGoodsTable {
  id: Generated<number>;
  category_id: number;
  name: string;
  subtitle: Generated<string>;
  tag: Generated<string>;
  image: string;
  images: Generated<string>;
  details: Generated<string>;
  points: number;
  price: Generated<number>;
  market_price: Generated<number>;
  stock: number;
  sold: Generated<number>;
  per_card_limit: Generated<number>;
  deliveries: Generated<string>;
  sort: Generated<number>;
  on_sale: Generated<number>;
  created_at: number;
  updated_at: number;
}

export type MallOrderStatusValue = 'pending' | 'paid' | 'shipped' | 'completed' | 'cancelled' | 'closed';

export interface MallOrdersTable {
  id: Generated<number>;
  order_no: string;
  sim_id: number;
  goods_id: number;
  goods_name: string;
  goods_image: string;
  quantity: number;
  points: number;
  amount: Generated<number>;
  delivery: 'express' | 'pickup';
  receiver_name: Generated<string>;
  receiver_mobile: Generated<string>;
  province: Generated<string>;
  city: Generated<string>;
  county: Generated<string>;
  address_detail: Generated<string>;
  store_id: number | null;
  remark: Generated<string>;
  pay_method: Generated<string>;
  payment_no: Generated<string>;
  status: MallOrderStatusValue;
  refunded_points: Generated<number>;
  refunded_amount: Generated<number>;
  expires_at: number | null;
  paid_at: number | null;
  shipped_at: number | null;
  completed_at: number | null;
  cancelled_at: number | null;
  money_refunded_at: number | null;
  created_at: number;
  updated_at: number;
}

export interface MallTables {
  mall_categories: { id: Generated<number>; name: string; icon: Generated<string>; sort: Generated<number>; enabled: Generated<number> };
  mall_goods: MallGoodsTable;
  mall_banners: {
    id: Generated<number>;
    image: string;
    title: Generated<string>;
    goods_id: number | null;
    sort: Generated<number>;
    enabled: Generated<number>;
  };
  mall_stores: {
    id: Generated<number>;
    name: string;
    province: string;
    city: string;
    county: string;
    address: string;
    phone: Generated<string>;
    hours: Generated<string>;
    sort: Generated<number>;
    enabled: Generated<number>;
  };
  mall_addresses: {
    id: Generated<number>;
    sim_id: number;
    name: string;
    mobile: string;
    province: string;
    city: string;
    county: string;
    detail: string;
    is_default: Generated<number>;
    created_at: number;
    updated_at: number;
  };
  mall_orders: MallOrdersTable;
}
