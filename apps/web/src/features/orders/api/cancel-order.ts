import type { OrderDetail } from '@simshop/contract/orders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '../../../lib/request.ts';

export function cancelOrder(orderNo: string): Promise<OrderDetail> {
  return post<OrderDetail>('/api/shop/order/cancel', { orderNo });
}

/** Cancels an order awaiting payment (the number goes back on sale) and refreshes the order lists. */
export function useCancelOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: cancelOrder,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['orderList'] });
      void client.invalidateQueries({ queryKey: ['orderDetail'] });
    },
  });
}
