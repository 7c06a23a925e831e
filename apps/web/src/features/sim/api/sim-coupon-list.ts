import type { SimCouponListReply } from '@simshop/contract/iot-engage';
import { useQuery } from '@tanstack/react-query';
import { get } from '../../../lib/request.ts';
import { isSimLoggedIn, useSession } from '../../../lib/session.ts';

/** GET /api/iot/simCouponList: the card's package coupons and how many are usable now. */
export function fetchSimCouponList(): Promise<SimCouponListReply> {
  return get<SimCouponListReply>('/api/iot/simCouponList');
}

export function useSimCouponList() {
  const simNo = useSession((s) => s.simNo);
  const loggedIn = useSession(isSimLoggedIn);
  return useQuery({ queryKey: ['iot', simNo, 'simCouponList'] as const, queryFn: fetchSimCouponList, enabled: loggedIn, retry: false });
}
