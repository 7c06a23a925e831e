import type { MyOneCode } from '@simshop/contract/iot-codes';
import { useQuery } from '@tanstack/react-query';
import { get } from '../../../lib/request.ts';
import { isSimLoggedIn, useSession } from '../../../lib/session.ts';

/** GET /api/site/generalOneCodeById: the machine code of the logged-in card's device (or plain SIM). */
export function fetchMyOneCode(): Promise<MyOneCode> {
  return get<MyOneCode>('/api/site/generalOneCodeById');
}

export const myOneCodeKey = (simNo: string) => ['iot', simNo, 'oneCode'] as const;

export function useMyOneCode() {
  const simNo = useSession((s) => s.simNo);
  const loggedIn = useSession(isSimLoggedIn);
  return useQuery({ queryKey: myOneCodeKey(simNo), queryFn: fetchMyOneCode, enabled: loggedIn, retry: false });
}
