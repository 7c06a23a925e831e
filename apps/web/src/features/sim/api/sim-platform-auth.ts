import type { RealnameConsent, RealnameRequest, SimPlatformAuthBody } from '@simshop/contract/iot-account';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '../../../lib/request.ts';

/** POST /api/iot/simPlatformAuth: name, ID number and the ids of the three uploaded photos. */
export function useSimPlatformAuth() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SimPlatformAuthBody) => post<RealnameRequest>('/api/iot/simPlatformAuth', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['iot'] }),
  });
}

/** POST /api/iot/realnameConsent: the holder agrees to the privacy policy version shown, before any photo. */
export function useRealnameConsent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (version: number) => post<RealnameConsent>('/api/iot/realnameConsent', { version }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['iot'] }),
  });
}
