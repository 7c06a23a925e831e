import type { SendCodeReply } from '@simshop/contract/auth';
import { post } from '../../../lib/request.ts';

/** Sends a login (order look-up) code by SMS; `devCode` comes back only from the demo SMS provider. */
export function sendCode(mobile: string): Promise<SendCodeReply> {
  return post<SendCodeReply>('/api/hk/sendCode', { mobile, scene: 'login' });
}
