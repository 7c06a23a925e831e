import type { CarrierFreshness } from '@simshop/contract/carrier-accounts';
import { useQuery } from '@tanstack/react-query';
import { get } from '../../../lib/request.ts';
import { isSimLoggedIn, useSession } from '../../../lib/session.ts';

/** GET /api/iot/carrierFreshness: which operator the card's figures come from and up to when they count. */
export function fetchCarrierFreshness(): Promise<CarrierFreshness> {
  return get<CarrierFreshness>('/api/iot/carrierFreshness', undefined, { hideErrorToast: true });
}

export function useCarrierFreshness() {
  const simNo = useSession((s) => s.simNo);
  const loggedIn = useSession(isSimLoggedIn);
  return useQuery({
    queryKey: ['iot', simNo, 'carrierFreshness'] as const,
    queryFn: fetchCarrierFreshness,
    enabled: loggedIn,
    retry: false,
    staleTime: 60_000,
  });
}
