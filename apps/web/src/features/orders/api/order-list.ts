import type { OrderStatus, OrderSummary } from '@simshop/contract/orders';
import { useInfiniteQuery } from '@tanstack/react-query';
import { get } from '../../../lib/request.ts';

export interface OrderPage {
  list: OrderSummary[];
  total: number;
  page: number;
  pageSize: number;
}

const PAGE_SIZE = 10;

export function fetchOrderList(status: OrderStatus | '', page: number): Promise<OrderPage> {
  return get<OrderPage>('/api/shop/order/list', { status, page, pageSize: PAGE_SIZE });
}

/** Keyed by who is asking: the logged-in mobile, or this browser's order session. */
export const orderListQuery = (owner: string, status: OrderStatus | '') => ({
  queryKey: ['orderList', owner, status] as const,
  queryFn: ({ pageParam }: { pageParam: number }) => fetchOrderList(status, pageParam),
  initialPageParam: 1,
  getNextPageParam: (last: OrderPage) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
  staleTime: 0,
});

export function useOrderList(owner: string, status: OrderStatus | '') {
  return useInfiniteQuery(orderListQuery(owner, status));
}
