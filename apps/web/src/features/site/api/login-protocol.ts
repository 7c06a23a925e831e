import type { Protocol } from '@simshop/contract/iot-sims';
import { useQuery } from '@tanstack/react-query';
import { currentLanguage } from '../../../lib/i18n.ts';
import { get } from '../../../lib/request.ts';
import { useSession } from '../../../lib/session.ts';

/** GET /api/site/loginProtocol: the storefront's user agreement of the promoter, in the app language. */
export function fetchShopLoginProtocol(promoCode: string | undefined, language: string): Promise<Protocol> {
  return get<Protocol>('/api/site/loginProtocol', { promoCode, language });
}

export function useShopLoginProtocol(enabled = true) {
  const promoCode = useSession((s) => s.carried.promoCode);
  const language = currentLanguage();
  return useQuery({
    queryKey: ['shopLoginProtocol', promoCode ?? '', language] as const,
    queryFn: () => fetchShopLoginProtocol(promoCode, language),
    staleTime: 10 * 60_000,
    enabled,
  });
}
