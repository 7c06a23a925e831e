import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '../../../lib/request.ts';
import { invalidateCardMoney } from './invalidate-money.ts';

export interface UpdatePayPassInput {
  payPassword: string;
  oldPayPassword?: string;
  code?: string;
}

/** POST /api/iot/simUpdatePayPass: sets the first pay password, or changes it with the old one or an SMS code. */
export function postSimUpdatePayPass(body: UpdatePayPassInput): Promise<unknown> {
  return post<unknown>('/api/iot/simUpdatePayPass', body);
}

export function useSimUpdatePayPass() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: postSimUpdatePayPass, onSuccess: () => invalidateCardMoney(queryClient) });
}
