import type { NumberListQuery, NumberListReply } from '@simshop/contract/numbers';
import { useInfiniteQuery } from '@tanstack/react-query';
import { get } from '../../../lib/request.ts';

export const PAGE_SIZE = 20;

/** The filters of the number search (everything of numberListQuery but the page). */
export type NumberFilter = Omit<NumberListQuery, 'page' | 'pageSize'>;

export function fetchNumberList(query: NumberListQuery): Promise<NumberListReply> {
  return get<NumberListReply>('/api/shop/numberList', query);
}

export const numberListQuery = (filter: NumberFilter) => ({
  queryKey: ['numberList', filter] as const,
  queryFn: ({ pageParam }: { pageParam: number }) => fetchNumberList({ ...filter, page: pageParam, pageSize: PAGE_SIZE }),
  initialPageParam: 1,
  getNextPageParam: (last: NumberListReply) => (last.hasMore && last.page < 50 ? last.page + 1 : undefined),
});

/** Numbers on sale, page after page (infinite scroll). */
export function useNumberList(filter: NumberFilter, enabled = true) {
  return useInfiniteQuery({ ...numberListQuery(filter), enabled });
}
