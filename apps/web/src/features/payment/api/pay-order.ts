import type { PaymentView } from '@simshop/contract/payments';
import { post } from '../../../lib/request.ts';

/** Opens (or reuses) a payment for an order; the browser then goes to `payUrl`, the provider's cashier. */
export function payOrder(body: { orderNo: string; method: string; promoCode?: string }, idempotencyKey: string): Promise<PaymentView> {
  return post<PaymentView>('/api/shop/order/pay', body, { idempotencyKey });
}
