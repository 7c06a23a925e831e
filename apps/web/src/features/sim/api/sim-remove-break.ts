import type { SimInfo } from '@simshop/contract/iot';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '../../../lib/request.ts';
import { useSession } from '../../../lib/session.ts';
import { simInfoQuery } from './sim-info.ts';

/** POST /api/iot/simRemoveBreak: lifts the card's restriction when its rule allows it. */
export function postSimRemoveBreak(): Promise<SimInfo> {
  return post<SimInfo>('/api/iot/simRemoveBreak');
}

export function useSimRemoveBreak() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postSimRemoveBreak,
    onSuccess: (info) => {
      queryClient.setQueryData(simInfoQuery(useSession.getState().simNo).queryKey, info);
    },
  });
}
