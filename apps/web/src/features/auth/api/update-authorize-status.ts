import type { AuthorizeStatus } from '@simshop/contract/oauth';
import { post } from '../../../lib/request.ts';

/** POST /api/site/updateAuthorizeStatus: completes the authorisation this browser started. */
export function updateAuthorizeStatus(body: { state: string; mobile?: string; code?: string }): Promise<AuthorizeStatus> {
  return post<AuthorizeStatus>('/api/site/updateAuthorizeStatus', body);
}
