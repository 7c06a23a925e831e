import type { GeneralSignInReply, TaskKey } from '@simshop/contract/iot-engage';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '../../../lib/request.ts';
import { invalidateCardMoney } from './invalidate-money.ts';

/** POST /api/iot/generalSignIn: today's sign-in, or with a task the points of a one-off task done. */
export function postGeneralSignIn(task?: TaskKey): Promise<GeneralSignInReply> {
  return post<GeneralSignInReply>('/api/iot/generalSignIn', task ? { task } : {});
}

/** Signs in or receives a task's points; every query of the card (points, logs, SIM info) is then stale. */
export function useGeneralSignIn() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: postGeneralSignIn, onSuccess: () => invalidateCardMoney(queryClient) });
}
