import type { ChangeSimList } from '@simshop/contract/iot-sims';
import { useQuery } from '@tanstack/react-query';
import { get } from '../../../lib/request.ts';
import { isSimLoggedIn, useSession } from '../../../lib/session.ts';

/** GET /api/iot/changeSimList: the SIMs of the session's device. */
export function fetchChangeSimList(): Promise<ChangeSimList> {
  return get<ChangeSimList>('/api/iot/changeSimList');
}

export const changeSimListQuery = (simNo: string) => ({
  queryKey: ['iot', simNo, 'changeSimList'] as const,
  queryFn: fetchChangeSimList,
});

export function useChangeSimList() {
  const simNo = useSession((s) => s.simNo);
  const loggedIn = useSession(isSimLoggedIn);
  return useQuery({ ...changeSimListQuery(simNo), enabled: loggedIn, retry: false });
}
