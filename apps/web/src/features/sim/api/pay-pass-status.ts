import type { PayPassStatus } from '@simshop/contract/iot-money';
import { useQuery } from '@tanstack/react-query';
import { get } from '../../../lib/request.ts';
import { isSimLoggedIn, useSession } from '../../../lib/session.ts';

/** GET /api/iot/payPassStatus: whether a pay password is set, and whether paying by it is locked and until when. */
export function fetchPayPassStatus(): Promise<PayPassStatus> {
  return get<PayPassStatus>('/api/iot/payPassStatus');
}

export const payPassStatusQuery = (simNo: string) => ({
  queryKey: ['iot', simNo, 'payPassStatus'] as const,
  queryFn: fetchPayPassStatus,
  staleTime: 0,
});

export function usePayPassStatus(enabled = true) {
  const simNo = useSession((s) => s.simNo);
  const loggedIn = useSession(isSimLoggedIn);
  return useQuery({ ...payPassStatusQuery(simNo), enabled: loggedIn && enabled, retry: false });
}
