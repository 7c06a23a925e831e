import type { SimInfo } from '@simshop/contract/iot';
import { useQuery } from '@tanstack/react-query';
import { currentLanguage } from '../../../lib/i18n.ts';
import { get } from '../../../lib/request.ts';
import { isSimLoggedIn, useSession } from '../../../lib/session.ts';

/** GET /api/iot/simInfo: the §3 SIM info of the session's card. */
export function fetchSimInfo(): Promise<SimInfo> {
  return get<SimInfo>('/api/iot/simInfo');
}

/** Every IoT query key starts with 'iot' and the SIM number, so logging out or in drops them all. */
export const simInfoQuery = (simNo: string, language = currentLanguage()) => ({
  queryKey: ['iot', simNo, 'simInfo', language] as const,
  queryFn: fetchSimInfo,
  staleTime: 30_000,
});

/** The SIM info of the session; idle when nobody is logged in. */
export function useSimInfo() {
  const simNo = useSession((s) => s.simNo);
  const loggedIn = useSession(isSimLoggedIn);
  return useQuery({ ...simInfoQuery(simNo), enabled: loggedIn, retry: false });
}
