import type { OneCodeInfo } from '@simshop/contract/iot-codes';
import { useQuery } from '@tanstack/react-query';
import { currentLanguage } from '../../../lib/i18n.ts';
import { get } from '../../../lib/request.ts';

/** GET /api/site/getOneCode: the recharge page of a machine code (no login). */
export function fetchOneCode(code: string): Promise<OneCodeInfo> {
  // An invalid code is shown in place by the page.
  return get<OneCodeInfo>('/api/site/getOneCode', { code }, { quietCodes: [-1] });
}

export function useOneCode(code: string) {
  return useQuery({
    queryKey: ['oneCode', code, currentLanguage()] as const,
    queryFn: () => fetchOneCode(code),
    enabled: code !== '',
    retry: false,
    staleTime: 30_000,
  });
}
