import type { CreateGoodsOrderBody } from '@simshop/contract/goods';
import type { OrderDetail } from '@simshop/contract/orders';
import { post } from '../../../lib/request.ts';

/** POST /api/shop/goodsOrder/create: takes the units from stock (30001 when not enough are left); a retry with the same key replays. */
export function createGoodsOrder(body: CreateGoodsOrderBody, idempotencyKey: string): Promise<OrderDetail> {
  return post<OrderDetail>('/api/shop/goodsOrder/create', body, { idempotencyKey });
}
