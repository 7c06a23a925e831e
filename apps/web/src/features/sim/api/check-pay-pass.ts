import { Code } from '@simshop/contract/codes';
import type { PayPassStatus } from '@simshop/contract/iot-money';
import { post } from '../../../lib/request.ts';

/** POST /api/iot/checkPayPass: checks the pay password (a wrong one counts towards the lock; the caller shows it). */
export function postCheckPayPass(payPassword: string): Promise<PayPassStatus> {
  return post<PayPassStatus>('/api/iot/checkPayPass', { payPassword }, { quietCodes: [Code.FAILED] });
}
