import type { NumberDetail } from '@simshop/contract/numbers';
import { useQuery } from '@tanstack/react-query';
import { get } from '../../../lib/request.ts';
import { useSession } from '../../../lib/session.ts';

/** A number as the storefront's shoppers see it (its price after the storefront's custom prices). */
export function fetchNumberDetail(number: string, promoCode: string | undefined): Promise<NumberDetail> {
  return get<NumberDetail>('/api/shop/numberDetail', { number, promoCode });
}

export const numberDetailQuery = (number: string, promoCode: string | undefined) => ({
  queryKey: ['numberDetail', number, promoCode ?? ''] as const,
  queryFn: () => fetchNumberDetail(number, promoCode),
  staleTime: 10_000,
});

/** One number with its status and the packages it can be ordered with. */
export function useNumberDetail(number: string) {
  const promoCode = useSession((s) => s.carried.promoCode);
  return useQuery({ ...numberDetailQuery(number, promoCode), enabled: /^1\d{10}$/.test(number), retry: false });
}
