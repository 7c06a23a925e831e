import type { GoodsDetail } from '@simshop/contract/goods';
import { useQuery } from '@tanstack/react-query';
import { get } from '../../../lib/request.ts';
import { useSession } from '../../../lib/session.ts';

export function fetchGoodsDetail(promoCode: string | undefined, id: number): Promise<GoodsDetail> {
  return get<GoodsDetail>('/api/shop/goodsDetail', { promoCode, id });
}

export const goodsDetailQuery = (promoCode: string | undefined, id: number) => ({
  queryKey: ['goodsDetail', promoCode ?? '', id] as const,
  queryFn: () => fetchGoodsDetail(promoCode, id),
  staleTime: 5_000,
});

/** One good with its images, specs (price and stock each) and popup. */
export function useGoodsDetail(id: number) {
  const promoCode = useSession((s) => s.carried.promoCode);
  return useQuery({ ...goodsDetailQuery(promoCode, id), enabled: id > 0, retry: false });
}
