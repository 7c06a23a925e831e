import type { MyOneCode } from '@simshop/contract/iot-codes';
import { post } from '../../../lib/request.ts';

/** POST /api/iot/oneCodeRenew: a new code for the machine; the old one stops working. */
export function postOneCodeRenew(): Promise<MyOneCode> {
  return post<MyOneCode>('/api/iot/oneCodeRenew');
}
