import type { SimAddress } from '@simshop/contract/mall';
import { useQuery } from '@tanstack/react-query';
import { get } from '../../../lib/request.ts';
import { isSimLoggedIn, useSession } from '../../../lib/session.ts';
import { mallKey } from './keys.ts';

/** GET /api/iot/simAddressList: the card's delivery addresses, the default first. */
export const simAddressListQuery = (simNo: string) => ({
  queryKey: mallKey(simNo, 'addresses'),
  queryFn: () => get<SimAddress[]>('/api/iot/simAddressList'),
  staleTime: 30_000,
});

export function useSimAddressList() {
  const simNo = useSession((s) => s.simNo);
  return useQuery({ ...simAddressListQuery(simNo), enabled: useSession(isSimLoggedIn) });
}
