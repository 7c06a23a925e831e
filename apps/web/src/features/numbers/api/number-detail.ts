import type { NumberDetail } from '@simshop/contract/numbers';
import { useQuery } from '@tanstack/react-query';
import { get } from '../../../lib/request.ts';

export function fetchNumberDetail(number: string): Promise<NumberDetail> {
  return get<NumberDetail>('/api/shop/numberDetail', { number });
}

export const numberDetailQuery = (number: string) => ({
  queryKey: ['numberDetail', number] as const,
  queryFn: () => fetchNumberDetail(number),
  staleTime: 10_000,
});

/** One number with its status and the packages it can be ordered with. */
export function useNumberDetail(number: string) {
  return useQuery({ ...numberDetailQuery(number), enabled: /^1\d{10}$/.test(number), retry: false });
}
