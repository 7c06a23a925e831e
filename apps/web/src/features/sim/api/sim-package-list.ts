import type { IotOrderView } from '@simshop/contract/iot-money';
import { useInfiniteQuery } from '@tanstack/react-query';
import { get } from '../../../lib/request.ts';
import { isSimLoggedIn, useSession } from '../../../lib/session.ts';
import { nextPage, PAGE_SIZE, type Paged } from './paged.ts';

/** GET /api/iot/simPackageList: package orders of the card, newest first. */
export function fetchSimPackageList(page: number): Promise<Paged<IotOrderView>> {
  return get<Paged<IotOrderView>>('/api/iot/simPackageList', { page, pageSize: PAGE_SIZE });
}

export const simPackageListQuery = (simNo: string) => ({
  queryKey: ['iot', simNo, 'simPackageList'] as const,
  queryFn: ({ pageParam }: { pageParam: number }) => fetchSimPackageList(pageParam),
  initialPageParam: 1,
  getNextPageParam: nextPage<IotOrderView>,
});

export function useSimPackageList() {
  const simNo = useSession((s) => s.simNo);
  const loggedIn = useSession(isSimLoggedIn);
  return useInfiniteQuery({ ...simPackageListQuery(simNo), enabled: loggedIn, retry: false });
}
