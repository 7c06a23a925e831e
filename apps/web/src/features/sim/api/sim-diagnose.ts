import type { SimDiagnosis } from '@simshop/contract/iot-sims';
import { useQuery } from '@tanstack/react-query';
import { get } from '../../../lib/request.ts';
import { isSimLoggedIn, useSession } from '../../../lib/session.ts';

/** GET /api/iot/simDiagnose: why the card may be off the internet, with the action for each cause. */
export function fetchSimDiagnosis(): Promise<SimDiagnosis> {
  return get<SimDiagnosis>('/api/iot/simDiagnose');
}

export const simDiagnosisQuery = (simNo: string) => ({
  queryKey: ['iot', simNo, 'simDiagnose'] as const,
  queryFn: fetchSimDiagnosis,
  staleTime: 0,
});

export function useSimDiagnosis() {
  const simNo = useSession((s) => s.simNo);
  const loggedIn = useSession(isSimLoggedIn);
  return useQuery({ ...simDiagnosisQuery(simNo), enabled: loggedIn, retry: false });
}
