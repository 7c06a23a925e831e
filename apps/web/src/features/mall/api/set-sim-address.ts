import type { SetSimAddressBody, SimAddress } from '@simshop/contract/mall';
import { post } from '../../../lib/request.ts';

/** POST /api/iot/setSimAddress: adds an address (no id) or changes one. */
export function postSetSimAddress(body: SetSimAddressBody): Promise<SimAddress> {
  return post<SimAddress>('/api/iot/setSimAddress', body);
}
