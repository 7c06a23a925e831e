import type { CouponExchangeListReply } from '@simshop/contract/iot-engage';
import { useQuery } from '@tanstack/react-query';
import { get } from '../../../lib/request.ts';
import { isSimLoggedIn, useSession } from '../../../lib/session.ts';

/** GET /api/iot/couponExchangeList: what the card's coupon coins can be exchanged for. */
export function fetchCouponExchangeList(): Promise<CouponExchangeListReply> {
  return get<CouponExchangeListReply>('/api/iot/couponExchangeList');
}

export const couponExchangeListQuery = (simNo: string) => ({
  queryKey: ['iot', simNo, 'couponExchangeList'] as const,
  queryFn: fetchCouponExchangeList,
  staleTime: 0,
});

export function useCouponExchangeList() {
  const simNo = useSession((s) => s.simNo);
  const loggedIn = useSession(isSimLoggedIn);
  return useQuery({ ...couponExchangeListQuery(simNo), enabled: loggedIn, retry: false });
}
