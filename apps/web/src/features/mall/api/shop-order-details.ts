import type { ShopOrderDetails } from '@simshop/contract/mall';
import { useQuery } from '@tanstack/react-query';
import { get } from '../../../lib/request.ts';
import { isSimLoggedIn, useSession } from '../../../lib/session.ts';
import { mallKey } from './keys.ts';

const POLL_EVERY_MS = 1500;

/**
 * GET /api/iot/shopOrderDetails?orderNo=: one order with its parcel (the server asks the payment
 * provider while it is pending). Polled while `polling` and the order still waits for its money.
 */
export function useShopOrderDetails(orderNo: string, polling = false) {
  const simNo = useSession((s) => s.simNo);
  const loggedIn = useSession(isSimLoggedIn);
  return useQuery({
    queryKey: mallKey(simNo, 'order', orderNo),
    queryFn: () => get<ShopOrderDetails>('/api/iot/shopOrderDetails', { orderNo }),
    enabled: loggedIn && orderNo !== '',
    retry: false,
    staleTime: 0,
    refetchInterval: (query) => (polling && query.state.data?.status === 'pending' ? POLL_EVERY_MS : false),
  });
}
