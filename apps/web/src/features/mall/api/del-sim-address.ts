import type { SimAddress } from '@simshop/contract/mall';
import { post } from '../../../lib/request.ts';

/** POST /api/iot/delSimAddress: answers the addresses left. */
export function postDelSimAddress(id: number): Promise<SimAddress[]> {
  return post<SimAddress[]>('/api/iot/delSimAddress', { id });
}
