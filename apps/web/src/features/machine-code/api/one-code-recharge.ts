import type { OneCodeRechargeBody, OneCodeRechargeReply } from '@simshop/contract/iot-codes';
import { post } from '../../../lib/request.ts';

/** POST /api/site/oneCodeRecharge: a balance top-up through the code (no login); open payment.payUrl. */
export function postOneCodeRecharge(body: OneCodeRechargeBody, idempotencyKey: string): Promise<OneCodeRechargeReply> {
  return post<OneCodeRechargeReply>('/api/site/oneCodeRecharge', body, { idempotencyKey });
}
