import type { ShopOrderReply } from '@simshop/contract/mall';
import { post } from '../../../lib/request.ts';

/** POST /api/iot/repayShopOrder: opens the payment of the money part of a pending order. */
export function postRepayShopOrder(orderNo: string, payMethod: string, idempotencyKey: string): Promise<ShopOrderReply> {
  return post<ShopOrderReply>('/api/iot/repayShopOrder', { orderNo, payMethod }, { idempotencyKey });
}
