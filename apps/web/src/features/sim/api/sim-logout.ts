import { useMutation, useQueryClient } from '@tanstack/react-query';
import { reLaunch, SIM_LOGIN } from '../../../lib/nav.ts';
import { post } from '../../../lib/request.ts';
import { useSession } from '../../../lib/session.ts';

/** POST /api/iot/simLogout: revokes the token on the server. */
export function postSimLogout(): Promise<null> {
  return post<null>('/api/iot/simLogout');
}

/** Logs out: the server revokes the token, the session is cleared either way, then the SIM login page. */
export function useSimLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      try {
        await postSimLogout();
      } catch {
        // An already expired token is logged out anyway.
      }
    },
    onSettled: async () => {
      useSession.getState().clearIotSession();
      queryClient.removeQueries({ queryKey: ['iot'] });
      await reLaunch(SIM_LOGIN);
    },
  });
}
