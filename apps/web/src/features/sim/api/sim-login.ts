import type { SimLoginBody, SimSession } from '@simshop/contract/iot-login';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '../../../lib/request.ts';
import { useSession } from '../../../lib/session.ts';
import { simInfoQuery } from './sim-info.ts';

/** POST /api/simLogin: by SIM number, ICCID or device number, or with an SMS code. */
export function postSimLogin(body: SimLoginBody): Promise<SimSession> {
  return post<SimSession>('/api/simLogin', body);
}

/** Logs in and starts the IoT session: token stored, number added to the recent list, SIM info cached. */
export function useSimLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postSimLogin,
    onSuccess: (session) => {
      useSession.getState().setIotSession(session.simNo, session.token);
      queryClient.removeQueries({ queryKey: ['iot'] });
      queryClient.setQueryData(simInfoQuery(session.simNo).queryKey, session.simInfo);
    },
  });
}
