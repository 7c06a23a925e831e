import type { TopupChooseReply } from '@simshop/contract/iot-money';
import { useQuery } from '@tanstack/react-query';
import { get } from '../../../lib/request.ts';
import { isSimLoggedIn, useSession } from '../../../lib/session.ts';

export type TopupKind = 'balance' | 'coupon';

const PATHS: Record<TopupKind, string> = { balance: '/api/iot/balanceChoose', coupon: '/api/iot/couponChoose' };

/** GET /api/iot/balanceChoose or /api/iot/couponChoose: top-up amounts and their offers. */
export function fetchTopupChoose(kind: TopupKind): Promise<TopupChooseReply> {
  return get<TopupChooseReply>(PATHS[kind]);
}

export const topupChooseQuery = (simNo: string, kind: TopupKind) => ({
  queryKey: ['iot', simNo, kind === 'balance' ? 'balanceChoose' : 'couponChoose'] as const,
  queryFn: () => fetchTopupChoose(kind),
  staleTime: 15_000,
});

export function useTopupChoose(kind: TopupKind) {
  const simNo = useSession((s) => s.simNo);
  const loggedIn = useSession(isSimLoggedIn);
  return useQuery({ ...topupChooseQuery(simNo, kind), enabled: loggedIn, retry: false });
}
