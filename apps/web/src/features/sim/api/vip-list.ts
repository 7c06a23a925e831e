import type { VipListReply, VipOrderDetailsReply } from '@simshop/contract/iot-engage';
import { useQuery } from '@tanstack/react-query';
import { get } from '../../../lib/request.ts';
import { isSimLoggedIn, useSession } from '../../../lib/session.ts';

/** GET /api/iot/vipList: VIP plans, the card's VIP in effect and its VIP orders. */
export function fetchVipList(): Promise<VipListReply> {
  return get<VipListReply>('/api/iot/vipList');
}

export function useVipList() {
  const simNo = useSession((s) => s.simNo);
  const loggedIn = useSession(isSimLoggedIn);
  return useQuery({ queryKey: ['iot', simNo, 'vipList'] as const, queryFn: fetchVipList, enabled: loggedIn, retry: false, staleTime: 0 });
}

/** GET /api/iot/vipOrderDetails?orderSn=: polled every 1.5 s while the order awaits its payment (the cashier's return). */
export function useVipOrder(orderSn: string) {
  const simNo = useSession((s) => s.simNo);
  const loggedIn = useSession(isSimLoggedIn);
  return useQuery({
    queryKey: ['iot', simNo, 'vipOrder', orderSn] as const,
    queryFn: () => get<VipOrderDetailsReply>('/api/iot/vipOrderDetails', { orderSn }),
    enabled: loggedIn && orderSn !== '',
    retry: false,
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.order.status === 0 ? 1500 : false),
  });
}
