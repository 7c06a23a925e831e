import type { RenewOptionReply } from '@simshop/contract/iot-money';
import { useQuery } from '@tanstack/react-query';
import { get } from '../../../lib/request.ts';
import { isSimLoggedIn, useSession } from '../../../lib/session.ts';

/** GET /api/iot/renewPackageOption: the auto-renew setting, the renewable packages and the last attempt. */
export function fetchRenewPackageOption(): Promise<RenewOptionReply> {
  return get<RenewOptionReply>('/api/iot/renewPackageOption');
}

export const renewPackageOptionQuery = (simNo: string) => ({
  queryKey: ['iot', simNo, 'renewPackageOption'] as const,
  queryFn: fetchRenewPackageOption,
  staleTime: 0,
});

export function useRenewPackageOption() {
  const simNo = useSession((s) => s.simNo);
  const loggedIn = useSession(isSimLoggedIn);
  return useQuery({ ...renewPackageOptionQuery(simNo), enabled: loggedIn, retry: false });
}
