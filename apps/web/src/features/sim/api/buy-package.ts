import { Code } from '@simshop/contract/codes';
import type { BuyPackageBody, IotOrderReply } from '@simshop/contract/iot-money';
import { post } from '../../../lib/request.ts';

/**
 * POST /api/iot/buyPackage. Paid by balance it answers 41001 when the card has a pay password and
 * none was given; 41002 when real-name authentication must come first. `idempotencyKey` is kept
 * for retries of the same submission, so a retry never charges twice. With a pay password, a
 * refusal (-1: wrong password, locked, balance short) is left to the pay-password sheet to show.
 */
export function postBuyPackage(body: BuyPackageBody, idempotencyKey: string): Promise<IotOrderReply> {
  return post<IotOrderReply>('/api/iot/buyPackage', body, { idempotencyKey, quietCodes: body.payPassword ? [Code.FAILED] : [] });
}
