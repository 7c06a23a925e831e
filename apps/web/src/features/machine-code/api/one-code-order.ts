import type { OneCodeOrder } from '@simshop/contract/iot-codes';
import { useQuery } from '@tanstack/react-query';
import { get } from '../../../lib/request.ts';

/** GET /api/site/oneCodeOrder: a top-up made through the code, polled after the cashier. */
export function fetchOneCodeOrder(code: string, orderNo: string): Promise<OneCodeOrder> {
  return get<OneCodeOrder>('/api/site/oneCodeOrder', { code, orderNo }, { quietCodes: [-1] });
}

/** Polls every 2 s while the payment is pending (at most a minute). */
export function useOneCodeOrder(code: string, orderNo: string) {
  return useQuery({
    queryKey: ['oneCode', code, 'order', orderNo] as const,
    queryFn: () => fetchOneCodeOrder(code, orderNo),
    enabled: code !== '' && orderNo !== '',
    retry: false,
    refetchInterval: (q) =>
      (q.state.data && q.state.data.status !== 'pending' && q.state.data.status !== 'paid') || q.state.dataUpdateCount > 30 ? false : 2000,
  });
}
