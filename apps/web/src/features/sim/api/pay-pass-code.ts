import type { payPassCodeReply } from '@simshop/contract/iot-money';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { post } from '../../../lib/request.ts';

export type PayPassCodeReply = z.infer<typeof payPassCodeReply>;

/** POST /api/iot/payPassCode: texts a code to the bound phone for changing the pay password without the old one. */
export function postPayPassCode(): Promise<PayPassCodeReply> {
  return post<PayPassCodeReply>('/api/iot/payPassCode');
}

export function usePayPassCode() {
  return useMutation({ mutationFn: postPayPassCode });
}
