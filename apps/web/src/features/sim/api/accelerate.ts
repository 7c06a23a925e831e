import { Code } from '@simshop/contract/codes';
import type { AccelerateOrder } from '@simshop/contract/iot';
import type { AccelerateListReply, CreateAccelerateOrderReply } from '@simshop/contract/iot-engage';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { get, post } from '../../../lib/request.ts';
import { isSimLoggedIn, useSession } from '../../../lib/session.ts';
import { nextPage, PAGE_SIZE, type Paged } from './paged.ts';

/** GET /api/iot/accelerateList: speed-ups on sale, the one running, the package in effect a speed-up needs. */
export function fetchAccelerateList(): Promise<AccelerateListReply> {
  return get<AccelerateListReply>('/api/iot/accelerateList');
}

export function useAccelerateList(offered = true) {
  const simNo = useSession((s) => s.simNo);
  const loggedIn = useSession(isSimLoggedIn);
  return useQuery({
    queryKey: ['iot', simNo, 'accelerateList'] as const,
    queryFn: fetchAccelerateList,
    enabled: loggedIn && offered,
    retry: false,
    staleTime: 0,
  });
}

/** POST /api/iot/createAccelerateOrder: from the balance (41001 without the pay password when one is set) or at the cashier. */
export function postCreateAccelerateOrder(
  body: { accelerateId: number; payMethod: string; payPassword?: string },
  idempotencyKey: string,
): Promise<CreateAccelerateOrderReply> {
  return post<CreateAccelerateOrderReply>('/api/iot/createAccelerateOrder', body, {
    idempotencyKey,
    quietCodes: body.payPassword ? [Code.FAILED] : [],
  });
}

/** GET /api/iot/accelerateOrderList: the card's speed-up orders, newest first. */
export function fetchAccelerateOrderList(page: number): Promise<Paged<AccelerateOrder>> {
  return get<Paged<AccelerateOrder>>('/api/iot/accelerateOrderList', { page, pageSize: PAGE_SIZE });
}

export function useAccelerateOrderList() {
  const simNo = useSession((s) => s.simNo);
  const loggedIn = useSession(isSimLoggedIn);
  return useInfiniteQuery({
    queryKey: ['iot', simNo, 'accelerateOrderList'] as const,
    queryFn: ({ pageParam }: { pageParam: number }) => fetchAccelerateOrderList(pageParam),
    initialPageParam: 1,
    getNextPageParam: nextPage<AccelerateOrder>,
    enabled: loggedIn,
    retry: false,
  });
}

/** An order still on its way: awaiting its payment, or paid and not yet at the carrier. */
export const accelerateSettling = (o: AccelerateOrder | undefined) =>
  o !== undefined && (o.status === 0 || (o.status === 1 && o.carrierState === 'waiting'));

/** GET /api/iot/accelerateOrderDetails?orderSn=: polled every 1.5 s while the order is on its way (the cashier's return). */
export function useAccelerateOrder(orderSn: string) {
  const simNo = useSession((s) => s.simNo);
  const loggedIn = useSession(isSimLoggedIn);
  return useQuery({
    queryKey: ['iot', simNo, 'accelerateOrder', orderSn] as const,
    queryFn: () => get<{ order: AccelerateOrder }>('/api/iot/accelerateOrderDetails', { orderSn }),
    enabled: loggedIn && orderSn !== '',
    retry: false,
    staleTime: 0,
    refetchInterval: (query) => (accelerateSettling(query.state.data?.order) ? 1500 : false),
  });
}
