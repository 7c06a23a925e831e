import { post } from '../../../lib/request.ts';

/** POST /api/site/wifiRevoke: the owner withdraws a Wi-Fi card. */
export function postWifiRevoke(token: string, ownerKey: string): Promise<null> {
  return post<null>('/api/site/wifiRevoke', { token, ownerKey });
}
