import type { NumberFilterOptions } from '@simshop/contract/numbers';
import { useQuery } from '@tanstack/react-query';
import { get } from '../../../lib/request.ts';
import { useSession } from '../../../lib/session.ts';

export function fetchNumberFilters(promoCode: string | undefined): Promise<NumberFilterOptions> {
  return get<NumberFilterOptions>('/api/shop/numberFilters', { promoCode });
}

export const numberFiltersQuery = (promoCode: string | undefined) => ({
  queryKey: ['numberFilters', promoCode ?? ''] as const,
  queryFn: () => fetchNumberFilters(promoCode),
  staleTime: 5 * 60_000,
});

/** What the filter popups and the hot-search row offer for the current storefront. */
export function useNumberFilters() {
  const promoCode = useSession((s) => s.carried.promoCode);
  return useQuery(numberFiltersQuery(promoCode));
}
