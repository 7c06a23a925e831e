import type { SimHistoryLine } from '@simshop/contract/iot-sims';
import { useQuery } from '@tanstack/react-query';
import { get } from '../../../lib/request.ts';
import { isSimLoggedIn, useSession } from '../../../lib/session.ts';

/** GET /api/iot/simHistoryLine: daily usage of the last `days` days, oldest first. */
export function fetchSimHistoryLine(days: number): Promise<SimHistoryLine> {
  return get<SimHistoryLine>('/api/iot/simHistoryLine', { days });
}

export const simHistoryLineQuery = (simNo: string, days: number) => ({
  queryKey: ['iot', simNo, 'simHistoryLine', days] as const,
  queryFn: () => fetchSimHistoryLine(days),
  staleTime: 60_000,
});

export function useSimHistoryLine(days = 30) {
  const simNo = useSession((s) => s.simNo);
  const loggedIn = useSession(isSimLoggedIn);
  return useQuery({ ...simHistoryLineQuery(simNo, days), enabled: loggedIn, retry: false });
}
