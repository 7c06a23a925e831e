import type { Protocol } from '@simshop/contract/iot-sims';
import { useQuery } from '@tanstack/react-query';
import { get } from '../../../lib/request.ts';

/** GET /api/iot/protocol: an agreement of the card's promoter. */
export function fetchProtocol(type: Protocol['type'], language: string): Promise<Protocol> {
  return get<Protocol>('/api/iot/protocol', { type, language });
}

export function useProtocol(type: Protocol['type'], language: string) {
  return useQuery({
    queryKey: ['iotProtocol', type, language] as const,
    queryFn: () => fetchProtocol(type, language),
    staleTime: 10 * 60_000,
  });
}
