import type { BuyShopGoodsBody, ShopOrderReply } from '@simshop/contract/mall';
import { post } from '../../../lib/request.ts';

/**
 * POST /api/iot/buyShopGoods: points are taken at once; a good with a price leaves the order
 * pending for the cashier page. `idempotencyKey` is kept for retries of one submission.
 */
export function postBuyShopGoods(body: BuyShopGoodsBody, idempotencyKey: string): Promise<ShopOrderReply> {
  return post<ShopOrderReply>('/api/iot/buyShopGoods', body, { idempotencyKey });
}
