import type { SimTimeline } from '@simshop/contract/iot-timeline';
import { useQuery } from '@tanstack/react-query';
import { get } from '../../../lib/request.ts';
import { isSimLoggedIn, useSession } from '../../../lib/session.ts';

/** GET /api/iot/simTimeline: what happened to the card, newest first (the next package end on top). */
export function useSimTimeline() {
  const simNo = useSession((s) => s.simNo);
  const loggedIn = useSession(isSimLoggedIn);
  return useQuery({
    queryKey: ['iot', simNo, 'simTimeline'] as const,
    queryFn: () => get<SimTimeline>('/api/iot/simTimeline'),
    enabled: loggedIn,
    staleTime: 0,
    retry: false,
  });
}
