import type { SimLoginCodeReply, SimProveBody, SimProveReply } from '@simshop/contract/iot-login';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '../../../lib/request.ts';
import { useSession } from '../../../lib/session.ts';
import { simInfoQuery } from './sim-info.ts';

/** POST /api/iot/simProofCode: texts a code to the card's bound phone that proves the session. */
export function useSimProofCode() {
  return useMutation({ mutationFn: () => post<SimLoginCodeReply>('/api/iot/simProofCode') });
}

/**
 * POST /api/iot/simProve: proves the session by that code or the card password; every IoT query
 * is read again (the device's secrets and controls open).
 */
export function useSimProve() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SimProveBody) => post<SimProveReply>('/api/iot/simProve', body),
    onSuccess: (reply) => {
      const simNo = useSession.getState().simNo;
      queryClient.setQueryData(simInfoQuery(simNo).queryKey, reply.simInfo);
      void queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] === 'iot' && q.queryKey[2] !== 'simInfo' });
    },
  });
}
