import type { ExchangeCouponReply } from '@simshop/contract/iot-engage';
import { post } from '../../../lib/request.ts';

/** POST /api/iot/exchangeCoupon: coupon coins for an item; `idempotencyKey` is kept for retries of one tap. */
export function postExchangeCoupon(itemId: number, idempotencyKey: string): Promise<ExchangeCouponReply> {
  return post<ExchangeCouponReply>('/api/iot/exchangeCoupon', { itemId }, { idempotencyKey });
}
