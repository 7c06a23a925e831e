import type { ExchangeView } from '@simshop/contract/iot-engage';
import { useInfiniteQuery } from '@tanstack/react-query';
import { get } from '../../../lib/request.ts';
import { isSimLoggedIn, useSession } from '../../../lib/session.ts';
import { nextPage, PAGE_SIZE, type Paged } from './paged.ts';

/** GET /api/iot/couponExchangeOrderList: the card's exchanges, newest first, with their coupons. */
export function fetchCouponExchangeOrderList(page: number): Promise<Paged<ExchangeView>> {
  return get<Paged<ExchangeView>>('/api/iot/couponExchangeOrderList', { page, pageSize: PAGE_SIZE });
}

export function useCouponExchangeOrderList() {
  const simNo = useSession((s) => s.simNo);
  const loggedIn = useSession(isSimLoggedIn);
  return useInfiniteQuery({
    queryKey: ['iot', simNo, 'couponExchangeOrderList'] as const,
    queryFn: ({ pageParam }: { pageParam: number }) => fetchCouponExchangeOrderList(pageParam),
    initialPageParam: 1,
    getNextPageParam: nextPage<ExchangeView>,
    enabled: loggedIn,
    retry: false,
  });
}
