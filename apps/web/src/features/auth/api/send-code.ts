import type { SendCodeReply } from '@simshop/contract/auth';
import { post } from '../../../lib/request.ts';

/**
 * Sends an SMS code: to log in (and look up orders), or to prove the mobile of a fast-number
 * application; `devCode` comes back only from the demo SMS provider.
 */
export function sendCode(mobile: string, scene: 'login' | 'apply' = 'login'): Promise<SendCodeReply> {
  return post<SendCodeReply>('/api/hk/sendCode', { mobile, scene });
}
