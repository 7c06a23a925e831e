import type { TaskCenterReply } from '@simshop/contract/iot-engage';
import { useQuery } from '@tanstack/react-query';
import { get } from '../../../lib/request.ts';
import { isSimLoggedIn, useSession } from '../../../lib/session.ts';

/** GET /api/iot/taskCenter: the daily sign-in (streak, cycle, days signed this month) and one-off tasks. */
export function fetchTaskCenter(): Promise<TaskCenterReply> {
  return get<TaskCenterReply>('/api/iot/taskCenter');
}

export const taskCenterQuery = (simNo: string) => ({
  queryKey: ['iot', simNo, 'taskCenter'] as const,
  queryFn: fetchTaskCenter,
  staleTime: 0,
});

export function useTaskCenter() {
  const simNo = useSession((s) => s.simNo);
  const loggedIn = useSession(isSimLoggedIn);
  return useQuery({ ...taskCenterQuery(simNo), enabled: loggedIn, retry: false });
}
