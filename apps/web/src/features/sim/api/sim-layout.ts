import type { SimLayoutReply } from '@simshop/contract/iot';
import { useQuery } from '@tanstack/react-query';
import { get } from '../../../lib/request.ts';
import { isSimLoggedIn, useSession } from '../../../lib/session.ts';

/** GET /api/iot/simLayout: the layout of the card's promoter and the notices in force. */
export function fetchSimLayout(): Promise<SimLayoutReply> {
  return get<SimLayoutReply>('/api/iot/simLayout');
}

export const simLayoutQuery = (simNo: string) => ({
  queryKey: ['iot', simNo, 'simLayout'] as const,
  queryFn: fetchSimLayout,
  staleTime: 5 * 60_000,
});

export function useSimLayout() {
  const simNo = useSession((s) => s.simNo);
  const loggedIn = useSession(isSimLoggedIn);
  return useQuery({ ...simLayoutQuery(simNo), enabled: loggedIn, retry: false });
}
