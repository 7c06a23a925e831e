import type { SimLoginConfig } from '@simshop/contract/iot-login';
import { useQuery } from '@tanstack/react-query';
import { get } from '../../../lib/request.ts';

/** GET /api/simLoginConfig: what the SIM login page offers for a promoter. */
export function fetchSimLoginConfig(promoCode: string | undefined): Promise<SimLoginConfig> {
  return get<SimLoginConfig>('/api/simLoginConfig', { promoCode });
}

export const simLoginConfigQuery = (promoCode: string | undefined) => ({
  queryKey: ['simLoginConfig', promoCode ?? ''] as const,
  queryFn: () => fetchSimLoginConfig(promoCode),
  staleTime: 5 * 60_000,
});

export function useSimLoginConfig(promoCode: string | undefined) {
  return useQuery(simLoginConfigQuery(promoCode));
}
