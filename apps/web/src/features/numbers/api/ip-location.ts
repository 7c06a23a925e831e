import type { IpLocation } from '@simshop/contract/numbers';
import { useQuery } from '@tanstack/react-query';
import { get } from '../../../lib/request.ts';
import { useSession } from '../../../lib/session.ts';

export function fetchIpLocation(promoCode: string | undefined): Promise<IpLocation> {
  return get<IpLocation>('/api/shop/base/ipLocation', { promoCode });
}

export const ipLocationQuery = (promoCode: string | undefined) => ({
  queryKey: ['ipLocation', promoCode ?? ''] as const,
  queryFn: () => fetchIpLocation(promoCode),
  staleTime: 30 * 60_000,
});

/** The caller's region by IP (or the storefront's default): the default region filter. */
export function useIpLocation() {
  const promoCode = useSession((s) => s.carried.promoCode);
  return useQuery(ipLocationQuery(promoCode));
}
