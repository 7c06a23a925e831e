import type { LowerAgent, LowerList, SaveLowerAgentCustomPriceBody } from '@simshop/contract/agents';
import { Code } from '@simshop/contract/codes';
import { useQuery } from '@tanstack/react-query';
import { get, post } from '../../../lib/request.ts';

/** A shopper who does not manage the storefront is refused quietly: the agent page says so in the page. */
export const lowerListQuery = (promoCode: string) => ({
  queryKey: ['agentLowerList', promoCode] as const,
  queryFn: () => get<LowerList>('/api/agent/lowerList', { promoCode }, { quietCodes: [Code.FAILED], hideErrorToast: true }),
  staleTime: 0,
});

/** The direct downstream agents of the agent storefront `promoCode`, with sales and custom prices. */
export function useLowerList(promoCode: string) {
  return useQuery({ ...lowerListQuery(promoCode), retry: false });
}

/**
 * Whether the logged-in shopper manages the agent storefront `promoCode` (the only one who sees its
 * agent badge and downstream agents): its list answers; a plain shopper is refused quietly.
 */
export function useManagesAgent(promoCode: string, enabled: boolean): boolean {
  const q = useQuery({
    ...lowerListQuery(promoCode),
    enabled: enabled && promoCode !== '',
    staleTime: 60_000,
    retry: false,
  });
  return enabled && q.isSuccess;
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
