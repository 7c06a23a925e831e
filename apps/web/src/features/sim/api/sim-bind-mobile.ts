import type { SimBindMobileBody } from '@simshop/contract/iot-account';
import type { SimLoginCodeReply } from '@simshop/contract/iot-login';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '../../../lib/request.ts';

/** POST /api/iot/simBindMobileCode: a code to the phone being bound. */
export function useBindMobileCode() {
  return useMutation({ mutationFn: (mobile: string) => post<SimLoginCodeReply>('/api/iot/simBindMobileCode', { mobile }) });
}

/** POST /api/iot/simBindMobile: binds the phone (replacing one needs the old phone's code or the pay password). */
export function useSimBindMobile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SimBindMobileBody) => post<{ mobile: string; numbAuth: number }>('/api/iot/simBindMobile', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['iot'] }),
  });
}
