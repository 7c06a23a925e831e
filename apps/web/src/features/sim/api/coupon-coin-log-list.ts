import type { LedgerEntry } from '@simshop/contract/iot-money';
import { useInfiniteQuery } from '@tanstack/react-query';
import { get } from '../../../lib/request.ts';
import { isSimLoggedIn, useSession } from '../../../lib/session.ts';
import { nextPage, PAGE_SIZE, type Paged } from './paged.ts';

/** GET /api/iot/couponCoinLogList: the card's coupon-coin log, newest first. */
export function fetchCouponCoinLogList(page: number): Promise<Paged<LedgerEntry>> {
  return get<Paged<LedgerEntry>>('/api/iot/couponCoinLogList', { page, pageSize: PAGE_SIZE });
}

export function useCouponCoinLogList() {
  const simNo = useSession((s) => s.simNo);
  const loggedIn = useSession(isSimLoggedIn);
  return useInfiniteQuery({
    queryKey: ['iot', simNo, 'couponCoinLogList'] as const,
    queryFn: ({ pageParam }: { pageParam: number }) => fetchCouponCoinLogList(pageParam),
    initialPageParam: 1,
    getNextPageParam: nextPage<LedgerEntry>,
    enabled: loggedIn,
    retry: false,
  });
}
