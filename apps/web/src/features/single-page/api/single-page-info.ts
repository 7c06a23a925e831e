import type { SinglePageInfo } from '@simshop/contract/single-page';
import { useQuery } from '@tanstack/react-query';
import { currentLanguage } from '../../../lib/i18n.ts';
import { get } from '../../../lib/request.ts';
import { useSession } from '../../../lib/session.ts';

export function fetchSinglePage(pageCode: string, promoCode: string | undefined): Promise<SinglePageInfo> {
  return get<SinglePageInfo>('/api/shop/singlePageInfo', { pageCode, promoCode });
}

/** The featured landing page of a page code, for the current promoter. */
export function useSinglePage(pageCode: string) {
  const promoCode = useSession((s) => s.carried.promoCode);
  return useQuery({
    queryKey: ['singlePage', currentLanguage(), promoCode ?? '', pageCode] as const,
    queryFn: () => fetchSinglePage(pageCode, promoCode),
    enabled: pageCode !== '',
    staleTime: 60_000,
  });
}
