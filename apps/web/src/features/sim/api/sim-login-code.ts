import type { SimLoginCodeReply } from '@simshop/contract/iot-login';
import { useMutation } from '@tanstack/react-query';
import { post } from '../../../lib/request.ts';

/** POST /api/simLoginCode: sends a login code to the bound phone of the card. */
export function postSimLoginCode(sn: string): Promise<SimLoginCodeReply> {
  return post<SimLoginCodeReply>('/api/simLoginCode', { sn });
}

export function useSimLoginCode() {
  return useMutation({ mutationFn: postSimLoginCode });
}
