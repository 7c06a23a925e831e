import type { LedgerEntry } from '@simshop/contract/iot-money';
import { useInfiniteQuery } from '@tanstack/react-query';
import { get } from '../../../lib/request.ts';
import { isSimLoggedIn, useSession } from '../../../lib/session.ts';
import { nextPage, PAGE_SIZE, type Paged } from './paged.ts';

/** GET /api/iot/simIntegralLogList: the card's points log, newest first. */
export function fetchSimIntegralLogList(page: number): Promise<Paged<LedgerEntry>> {
  return get<Paged<LedgerEntry>>('/api/iot/simIntegralLogList', { page, pageSize: PAGE_SIZE });
}

export const simIntegralLogListQuery = (simNo: string) => ({
  queryKey: ['iot', simNo, 'simIntegralLogList'] as const,
  queryFn: ({ pageParam }: { pageParam: number }) => fetchSimIntegralLogList(pageParam),
  initialPageParam: 1,
  getNextPageParam: nextPage<LedgerEntry>,
});

export function useSimIntegralLogList() {
  const simNo = useSession((s) => s.simNo);
  const loggedIn = useSession(isSimLoggedIn);
  return useInfiniteQuery({ ...simIntegralLogListQuery(simNo), enabled: loggedIn, retry: false });
}
