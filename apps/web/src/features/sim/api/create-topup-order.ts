import type { CreateTopupBody, IotOrderReply } from '@simshop/contract/iot-money';
import { post } from '../../../lib/request.ts';
import type { TopupKind } from './topup-choose.ts';

const PATHS: Record<TopupKind, string> = { balance: '/api/iot/createBalanceOrder', coupon: '/api/iot/createCouponOrder' };

/** POST /api/iot/createBalanceOrder or /api/iot/createCouponOrder: an order and its payment at the cashier. */
export function postCreateTopupOrder(kind: TopupKind, body: CreateTopupBody, idempotencyKey: string): Promise<IotOrderReply> {
  return post<IotOrderReply>(PATHS[kind], body, { idempotencyKey });
}
