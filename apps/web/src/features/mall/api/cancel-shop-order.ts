import type { ShopOrderDetails } from '@simshop/contract/mall';
import { post } from '../../../lib/request.ts';

/** POST /api/iot/cancelShopOrder: points come back at once, money paid is refunded. */
export function postCancelShopOrder(orderNo: string): Promise<ShopOrderDetails> {
  return post<ShopOrderDetails>('/api/iot/cancelShopOrder', { orderNo });
}
