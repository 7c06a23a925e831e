import type { LowerAgent, LowerList, SaveLowerAgentCustomPriceBody } from '@simshop/contract/agents';
import { useQuery } from '@tanstack/react-query';
import { get, post } from '../../../lib/request.ts';

export const lowerListQuery = (promoCode: string) => ({
  queryKey: ['agentLowerList', promoCode] as const,
  queryFn: () => get<LowerList>('/api/agent/lowerList', { promoCode }),
  staleTime: 0,
});

/** The direct downstream agents of the agent storefront `promoCode`, with sales and custom prices. */
export function useLowerList(promoCode: string) {
  return useQuery({ ...lowerListQuery(promoCode), retry: false });
}

/** One downstream agent; another agent than a direct downstream answers 33001 (its dialog is shown by request.ts). */
export function useLowerAgent(promoCode: string, lowerPromoCode: string) {
  return useQuery({
    queryKey: ['agentLower', promoCode, lowerPromoCode] as const,
    queryFn: () => get<LowerAgent>('/api/agent/lowerAgentCustomPrice', { promoCode, lowerPromoCode }),
    enabled: lowerPromoCode !== '',
    retry: false,
  });
}

/** Sent unchanged (spec §5: empty rules and zero markups included). */
export function saveLowerAgentCustomPrice(body: SaveLowerAgentCustomPriceBody): Promise<LowerAgent> {
  return post<LowerAgent>('/api/agent/saveLowerAgentCustomPrice', body);
}
