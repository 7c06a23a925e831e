import type { OrderLogistics } from '@simshop/contract/orders';
import { useQuery } from '@tanstack/react-query';
import { get } from '../../../lib/request.ts';

export function fetchOrderLogistics(orderNo: string): Promise<OrderLogistics> {
  return get<OrderLogistics>('/api/shop/order/logistics', { orderNo });
}

export const orderLogisticsQuery = (orderNo: string) => ({
  queryKey: ['orderLogistics', orderNo] as const,
  queryFn: () => fetchOrderLogistics(orderNo),
  staleTime: 30_000,
});

/** Carrier, tracking number and the events of a shipped order, newest first. */
export function useOrderLogistics(orderNo: string) {
  return useQuery({ ...orderLogisticsQuery(orderNo), enabled: orderNo !== '', retry: false });
}
