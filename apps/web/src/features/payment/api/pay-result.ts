import type { PayResult } from '@simshop/contract/payments';
import { useQuery } from '@tanstack/react-query';
import { get } from '../../../lib/request.ts';

export function fetchPayResult(orderNo: string): Promise<PayResult> {
  return get<PayResult>('/api/shop/order/payResult', { orderNo });
}

/** How long the result page keeps asking while the payment is pending. */
export const POLL_FOR_MS = 30_000;
const POLL_EVERY_MS = 1500;

/** The order's payment state; polled every 1.5 s while `polling` (after the cashier) and not yet paid. */
export function usePayResult(orderNo: string, polling: boolean) {
  return useQuery({
    queryKey: ['payResult', orderNo] as const,
    queryFn: () => fetchPayResult(orderNo),
    enabled: orderNo !== '',
    staleTime: 0,
    retry: false,
    refetchInterval: (query) => (polling && !query.state.data?.paid ? POLL_EVERY_MS : false),
  });
}
