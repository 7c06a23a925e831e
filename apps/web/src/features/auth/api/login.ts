import type { UserInfo } from '@simshop/contract/auth';
import { post } from '../../../lib/request.ts';

/** Logs this browser's session in with the mobile and its SMS code. */
export function login(mobile: string, code: string): Promise<UserInfo> {
  return post<UserInfo>('/api/hk/login', { mobile, code });
}
