import type { LedgerAccount, LedgerEntry } from '@simshop/contract/iot-money';
import { useInfiniteQuery } from '@tanstack/react-query';
import { get } from '../../../lib/request.ts';
import { isSimLoggedIn, useSession } from '../../../lib/session.ts';
import { nextPage, PAGE_SIZE, type Paged } from './paged.ts';

/** GET /api/iot/simBalanceLogList?account=: ledger entries of one account of the card, newest first. */
export function fetchSimBalanceLogList(account: LedgerAccount, page: number): Promise<Paged<LedgerEntry>> {
  return get<Paged<LedgerEntry>>('/api/iot/simBalanceLogList', { account, page, pageSize: PAGE_SIZE });
}

export const simBalanceLogListQuery = (simNo: string, account: LedgerAccount) => ({
  queryKey: ['iot', simNo, 'simBalanceLogList', account] as const,
  queryFn: ({ pageParam }: { pageParam: number }) => fetchSimBalanceLogList(account, pageParam),
  initialPageParam: 1,
  getNextPageParam: nextPage<LedgerEntry>,
});

export function useSimBalanceLogList(account: LedgerAccount) {
  const simNo = useSession((s) => s.simNo);
  const loggedIn = useSession(isSimLoggedIn);
  return useInfiniteQuery({ ...simBalanceLogListQuery(simNo, account), enabled: loggedIn, retry: false });
}
