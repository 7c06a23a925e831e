import type { IotOrderView } from '@simshop/contract/iot-money';
import { useInfiniteQuery } from '@tanstack/react-query';
import { get } from '../../../lib/request.ts';
import { isSimLoggedIn, useSession } from '../../../lib/session.ts';
import { nextPage, PAGE_SIZE, type Paged } from './paged.ts';

/** GET /api/iot/simBalanceList: top-up orders of the card (balance and coupon coins), newest first. */
export function fetchSimBalanceList(page: number): Promise<Paged<IotOrderView>> {
  return get<Paged<IotOrderView>>('/api/iot/simBalanceList', { page, pageSize: PAGE_SIZE });
}

export const simBalanceListQuery = (simNo: string) => ({
  queryKey: ['iot', simNo, 'simBalanceList'] as const,
  queryFn: ({ pageParam }: { pageParam: number }) => fetchSimBalanceList(pageParam),
  initialPageParam: 1,
  getNextPageParam: nextPage<IotOrderView>,
});

export function useSimBalanceList() {
  const simNo = useSession((s) => s.simNo);
  const loggedIn = useSession(isSimLoggedIn);
  return useInfiniteQuery({ ...simBalanceListQuery(simNo), enabled: loggedIn, retry: false });
}
