import { Code } from '@simshop/contract/codes';
import type { CreateVipOrderReply } from '@simshop/contract/iot-engage';
import { post } from '../../../lib/request.ts';

/** POST /api/iot/createVipOrder: paid from the balance or at the cashier (payMethod); 41001 when the card has a pay password and none was given. */
export function postCreateVipOrder(
  body: { vipId: number; payMethod: string; payPassword?: string },
  idempotencyKey: string,
): Promise<CreateVipOrderReply> {
  return post<CreateVipOrderReply>('/api/iot/createVipOrder', body, { idempotencyKey, quietCodes: body.payPassword ? [Code.FAILED] : [] });
}
