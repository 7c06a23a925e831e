import type { ShopOrderStatus, ShopOrderSummary } from '@simshop/contract/mall';
import { useInfiniteQuery } from '@tanstack/react-query';
import { get } from '../../../lib/request.ts';
import { isSimLoggedIn, useSession } from '../../../lib/session.ts';
import { mallKey } from './keys.ts';

interface Page {
  list: ShopOrderSummary[];
  total: number;
  page: number;
  pageSize: number;
}

const PAGE_SIZE = 10;

/** GET /api/iot/shopOrderList: the card's mall orders, newest first, a page at a time. */
export function useShopOrderList(status: ShopOrderStatus | undefined) {
  const simNo = useSession((s) => s.simNo);
  return useInfiniteQuery({
    queryKey: mallKey(simNo, 'orders', status ?? 'all'),
    queryFn: ({ pageParam }) => get<Page>('/api/iot/shopOrderList', { status, page: pageParam, pageSize: PAGE_SIZE }),
    initialPageParam: 1,
    getNextPageParam: (last: Page) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
    enabled: useSession(isSimLoggedIn),
  });
}
