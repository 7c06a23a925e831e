import type { CreateOrderBody, OrderDetail } from '@simshop/contract/orders';
import { post } from '../../../lib/request.ts';

/** POST /api/shop/order/create: holds the number; a retry with the same key replays the first result. */
export function createOrder(body: CreateOrderBody, idempotencyKey: string): Promise<OrderDetail> {
  return post<OrderDetail>('/api/shop/order/create', body, { idempotencyKey });
}
