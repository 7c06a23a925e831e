import type { OrderDetail } from '@simshop/contract/orders';
import { useQuery } from '@tanstack/react-query';
import { get } from '../../../lib/request.ts';

export function fetchOrderDetail(orderNo: string): Promise<OrderDetail> {
  return get<OrderDetail>('/api/shop/order/detail', { orderNo });
}

export const orderDetailQuery = (orderNo: string) => ({
  queryKey: ['orderDetail', orderNo] as const,
  queryFn: () => fetchOrderDetail(orderNo),
  staleTime: 0,
});

export function useOrderDetail(orderNo: string) {
  return useQuery({ ...orderDetailQuery(orderNo), enabled: orderNo !== '', retry: false });
}
