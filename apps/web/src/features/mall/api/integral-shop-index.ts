import type { IntegralShopIndexReply } from '@simshop/contract/mall';
import { useQuery } from '@tanstack/react-query';
import { get } from '../../../lib/request.ts';
import { isSimLoggedIn, useSession } from '../../../lib/session.ts';
import { mallKey } from './keys.ts';

/** GET /api/iot/integralShopIndex: the card's points, banners, categories and goods. */
export const integralShopIndexQuery = (simNo: string) => ({
  queryKey: mallKey(simNo, 'index'),
  queryFn: () => get<IntegralShopIndexReply>('/api/iot/integralShopIndex'),
  staleTime: 10_000,
});

export function useIntegralShopIndex() {
  const simNo = useSession((s) => s.simNo);
  return useQuery({ ...integralShopIndexQuery(simNo), enabled: useSession(isSimLoggedIn) });
}
