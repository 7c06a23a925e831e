import type { GoodsListReply } from '@simshop/contract/goods';
import { useInfiniteQuery } from '@tanstack/react-query';
import { get } from '../../../lib/request.ts';
import { useSession } from '../../../lib/session.ts';

const PAGE_SIZE = 10;

export function fetchGoodsList(promoCode: string | undefined, categoryId: number | '', page: number): Promise<GoodsListReply> {
  return get<GoodsListReply>('/api/shop/goodsList', { promoCode, categoryId, page, pageSize: PAGE_SIZE });
}

export const goodsListQuery = (promoCode: string | undefined, categoryId: number | '') => ({
  queryKey: ['goodsList', promoCode ?? '', categoryId] as const,
  queryFn: ({ pageParam }: { pageParam: number }) => fetchGoodsList(promoCode, categoryId, pageParam),
  initialPageParam: 1,
  getNextPageParam: (last: GoodsListReply) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
  staleTime: 10_000,
});

/** The storefront's general goods, optionally of one category, page after page. */
export function useGoodsList(categoryId: number | '' = '') {
  const promoCode = useSession((s) => s.carried.promoCode);
  return useInfiniteQuery(goodsListQuery(promoCode, categoryId));
}
