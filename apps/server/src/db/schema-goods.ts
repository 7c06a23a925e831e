import type { Generated } from 'kysely';

/** Tables of general goods and their orders (migration 0013). Money in fen, times in epoch ms. */

export interface GoodsTable {
  id: Generated<number>;
  promoter_id: number;
  category_id: number;
  kind: string;
  name: string;
  summary: string;
  description: string;
  /** JSON array of image urls. */
  images: string;
  popup_title: string;
  popup_content: string;
  /** on_sale | off_sale */
  status: string;
  sort: number;
  created_at: number;
  updated_at: number;
}

export interface GoodsSkusTable {
  id: Generated<number>;
  goods_id: number;
  name: string;
  price: number;
  original_price: number;
  stock: number;
  sold: number;
  sort: number;
}

export interface GoodsOrdersTable {
  id: Generated<number>;
  order_no: string;
  promoter_id: number;
  goods_id: number;
  sku_id: number;
  goods_name: string;
  sku_name: string;
  image: string;
  unit_price: number;
  quantity: number;
  amount: number;
  buyer_name: string;
  contact_mobile: string;
  province: string;
  city: string;
  county: string;
  address_detail: string;
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

export interface GoodsTables {
  goods_categories: { id: Generated<number>; promoter_id: number; name: string; sort: number };
  goods: GoodsTable;
  goods_skus: GoodsSkusTable;
  goods_orders: GoodsOrdersTable;
}
