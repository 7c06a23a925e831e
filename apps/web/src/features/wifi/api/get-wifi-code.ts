import type { WifiCode } from '@simshop/contract/iot-codes';
import { useQuery } from '@tanstack/react-query';
import { get } from '../../../lib/request.ts';
import { useSession } from '../../../lib/session.ts';

export type WifiCodeTarget = { token: string } | { wifiType: '2.4G' | '5G' };

/** GET /api/site/getWifiCode: a card's network by its token, or a band of the SIM session's device; with its join QR. */
export function fetchWifiCode(target: WifiCodeTarget): Promise<WifiCode> {
  // Refusals (a withdrawn card) are shown in place by the page.
  return get<WifiCode>('/api/site/getWifiCode', target, { quietCodes: [-1] });
}

export function useWifiCode(target: WifiCodeTarget | null) {
  const simNo = useSession((s) => s.simNo);
  return useQuery({
    queryKey: [
      'wifi',
      'code',
      target && 'token' in target ? target.token : simNo,
      target && 'wifiType' in target ? target.wifiType : '',
    ] as const,
    queryFn: () => fetchWifiCode(target!),
    enabled: target !== null,
    retry: false,
    staleTime: 10_000,
  });
}
