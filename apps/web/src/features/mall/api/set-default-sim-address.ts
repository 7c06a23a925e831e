import type { SimAddress } from '@simshop/contract/mall';
import { post } from '../../../lib/request.ts';

/** POST /api/iot/setDefaultSimAddress: answers the addresses, the default first. */
export function postSetDefaultSimAddress(id: number): Promise<SimAddress[]> {
  return post<SimAddress[]>('/api/iot/setDefaultSimAddress', { id });
}
