import type { IotOrderReply } from '@simshop/contract/iot-money';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { get } from '../../../lib/request.ts';
import { isSimLoggedIn, useSession } from '../../../lib/session.ts';
import { invalidateCardMoney } from './invalidate-money.ts';

/** GET /api/iot/orderDetails?orderNo=: one order of the card and its payment (asks the provider while pending). */
export function fetchIotOrder(orderNo: string): Promise<IotOrderReply> {
  return get<IotOrderReply>('/api/iot/orderDetails', { orderNo });
}

/** How long a result page keeps asking while the order is pending after the cashier. */
const ORDER_POLL_FOR_MS = 30_000;
const POLL_EVERY_MS = 1500;
const SETTLED = ['effective', 'refunded', 'failed', 'closed'];

export const iotOrderQuery = (simNo: string, orderNo: string) => ({
  queryKey: ['iot', simNo, 'order', orderNo] as const,
  queryFn: () => fetchIotOrder(orderNo),
  staleTime: 0,
});

/** The order; polled every 1.5 s while `polling` and not settled (effective, refunded, failed or closed). */
export function useIotOrder(orderNo: string, polling: boolean) {
  const simNo = useSession((s) => s.simNo);
  const loggedIn = useSession(isSimLoggedIn);
  return useQuery({
    ...iotOrderQuery(simNo, orderNo),
    enabled: loggedIn && orderNo !== '',
    retry: false,
    refetchInterval: (query) => (polling && !SETTLED.includes(query.state.data?.order.status ?? '') ? POLL_EVERY_MS : false),
  });
}

/**
 * An order the browser came back with from the cashier: asked about for up to 30 s while `wantsPolling`,
 * and the card's money refreshed once it has settled. `polling` tells whether it is still being asked.
 */
export function useReturnedOrder(orderNo: string, wantsPolling: boolean) {
  const queryClient = useQueryClient();
  const [timedOut, setTimedOut] = useState(false);
  const polling = wantsPolling && !timedOut;
  const order = useIotOrder(orderNo, polling);
  const status = order.data?.order.status;
  useEffect(() => {
    const timer = setTimeout(() => setTimedOut(true), ORDER_POLL_FOR_MS);
    return () => clearTimeout(timer);
  }, []);
  useEffect(() => {
    if (status && status !== 'pending') void invalidateCardMoney(queryClient);
  }, [status, queryClient]);
  return { order, polling };
}
