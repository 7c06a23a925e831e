import type { PackageDetailsReply } from '@simshop/contract/iot-money';
import { useQuery } from '@tanstack/react-query';
import { get } from '../../../lib/request.ts';
import { isSimLoggedIn, useSession } from '../../../lib/session.ts';

/** GET /api/iot/packageDetails?packageId=: allowance, rules, effect choices, coupons that apply, pay methods. */
export function fetchPackageDetails(packageId: number): Promise<PackageDetailsReply> {
  return get<PackageDetailsReply>('/api/iot/packageDetails', { packageId });
}

export const packageDetailsQuery = (simNo: string, packageId: number) => ({
  queryKey: ['iot', simNo, 'packageDetails', packageId] as const,
  queryFn: () => fetchPackageDetails(packageId),
  staleTime: 10_000,
});

export function usePackageDetails(packageId: number) {
  const simNo = useSession((s) => s.simNo);
  const loggedIn = useSession(isSimLoggedIn);
  return useQuery({ ...packageDetailsQuery(simNo, packageId), enabled: loggedIn && packageId > 0, retry: false });
}
