import type { SimRefreshReply } from '@simshop/contract/iot-sims';
import type { QueryClient } from '@tanstack/react-query';
import { post } from '../../../lib/request.ts';
import { useSession } from '../../../lib/session.ts';
import { REFRESH_THROTTLE_MS, throttle } from '../../../lib/throttle.ts';
import { simInfoQuery } from './sim-info.ts';

/** POST /api/iot/simRefresh: asks the carrier for fresh figures (throttled by the server too). */
export function postSimRefresh(): Promise<SimRefreshReply> {
  return post<SimRefreshReply>('/api/iot/simRefresh');
}

/**
 * Refreshes the SIM info at most once a second (leading edge, spec §4): calls within the second
 * share the promise of the call that ran. The fresh info replaces the cached one.
 */
export const refreshSimInfo = throttle(async (queryClient: QueryClient): Promise<SimRefreshReply> => {
  const reply = await postSimRefresh();
  const { simNo } = useSession.getState();
  queryClient.setQueryData(simInfoQuery(simNo).queryKey, reply.simInfo);
  await queryClient.invalidateQueries({ queryKey: ['iot', simNo], predicate: (q) => q.queryKey[2] !== 'simInfo' });
  return reply;
}, REFRESH_THROTTLE_MS);
