import type { PackageChooseReply } from '@simshop/contract/iot-money';
import { useQuery } from '@tanstack/react-query';
import { get } from '../../../lib/request.ts';
import { isSimLoggedIn, useSession } from '../../../lib/session.ts';

/** GET /api/iot/packageChoose: the catalogue of the card's promoter and operator, by category. */
export function fetchPackageChoose(): Promise<PackageChooseReply> {
  return get<PackageChooseReply>('/api/iot/packageChoose');
}

export const packageChooseQuery = (simNo: string) => ({
  queryKey: ['iot', simNo, 'packageChoose'] as const,
  queryFn: fetchPackageChoose,
  staleTime: 15_000,
});

export function usePackageChoose() {
  const simNo = useSession((s) => s.simNo);
  const loggedIn = useSession(isSimLoggedIn);
  return useQuery({ ...packageChooseQuery(simNo), enabled: loggedIn, retry: false });
}
