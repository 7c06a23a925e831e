import type { SimSession } from '@simshop/contract/iot-login';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '../../../lib/request.ts';
import { useSession } from '../../../lib/session.ts';
import { simInfoQuery } from './sim-info.ts';

/** POST /api/iot/changeSim: a new session for another SIM of the same device. */
export function postChangeSim(simNo: string): Promise<SimSession> {
  return post<SimSession>('/api/iot/changeSim', { simNo });
}

export function useChangeSim() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postChangeSim,
    onSuccess: (session) => {
      useSession.getState().setIotSession(session.simNo, session.token);
      queryClient.removeQueries({ queryKey: ['iot'] });
      queryClient.setQueryData(simInfoQuery(session.simNo).queryKey, session.simInfo);
    },
  });
}
