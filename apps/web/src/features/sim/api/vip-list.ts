import type { VipListReply } from '@simshop/contract/iot-engage';
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
