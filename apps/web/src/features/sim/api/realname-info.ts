import type { SimRealnameInfo } from '@simshop/contract/iot-account';
import { useQuery } from '@tanstack/react-query';
import { currentLanguage } from '../../../lib/i18n.ts';
import { get } from '../../../lib/request.ts';
import { isSimLoggedIn, useSession } from '../../../lib/session.ts';

/** GET /api/iot/simRealnameInfo: the card's real-name states and its latest requests. */
export const realnameInfoQuery = (simNo: string, language = currentLanguage()) => ({
  queryKey: ['iot', simNo, 'realname', language] as const,
  queryFn: () => get<SimRealnameInfo>('/api/iot/simRealnameInfo'),
  staleTime: 5_000,
});

/** Polls every 5 s while a request is under review, so the page shows the answer when it comes. */
export function useRealnameInfo() {
  const simNo = useSession((s) => s.simNo);
  const loggedIn = useSession(isSimLoggedIn);
  return useQuery({
    ...realnameInfoQuery(simNo),
    enabled: loggedIn,
    retry: false,
    refetchInterval: (q) => (q.state.data && (q.state.data.authStatus === 2 || q.state.data.authPlatformStatus === 2) ? 5_000 : false),
  });
}
