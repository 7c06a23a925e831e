import type { MallStore } from '@simshop/contract/mall';
import { useQuery } from '@tanstack/react-query';
import { get } from '../../../lib/request.ts';
import { isSimLoggedIn, useSession } from '../../../lib/session.ts';
import { mallKey } from './keys.ts';

/** GET /api/iot/goodsShopStore: the pick-up points. */
export function useShopStores() {
  const simNo = useSession((s) => s.simNo);
  return useQuery({
    queryKey: mallKey(simNo, 'stores'),
    queryFn: () => get<MallStore[]>('/api/iot/goodsShopStore'),
    staleTime: 60_000,
    enabled: useSession(isSimLoggedIn),
  });
}
