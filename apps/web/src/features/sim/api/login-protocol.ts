import type { Protocol } from '@simshop/contract/iot-sims';
import { useQuery } from '@tanstack/react-query';
import { get } from '../../../lib/request.ts';

/** GET /api/site/iotLoginProtocol: the SIM login agreement of a promoter, in the app language. */
export function fetchLoginProtocol(promoCode: string | undefined, language: string): Promise<Protocol> {
  return get<Protocol>('/api/site/iotLoginProtocol', { promoCode, language });
}

export const loginProtocolQuery = (promoCode: string | undefined, language: string) => ({
  queryKey: ['iotLoginProtocol', promoCode ?? '', language] as const,
  queryFn: () => fetchLoginProtocol(promoCode, language),
  staleTime: 10 * 60_000,
});

export function useLoginProtocol(promoCode: string | undefined, language: string) {
  return useQuery(loginProtocolQuery(promoCode, language));
}
