import type { CheckScanReply } from '@simshop/contract/oauth';
import { post } from '../../../lib/request.ts';

/** POST /api/site/checkScanAuthorize: without a state starts a scan sign-in, with it tells (and completes) its progress. */
export function checkScan(state?: string): Promise<CheckScanReply> {
  return post<CheckScanReply>(
    '/api/site/checkScanAuthorize',
    state ? { state } : {},
    state ? { hideErrorToast: true, quietCodes: [-1] } : {},
  );
}
