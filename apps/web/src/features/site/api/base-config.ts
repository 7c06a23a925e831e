import type { BaseConfig } from '@simshop/contract/site';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { currentLanguage } from '../../../lib/i18n.ts';
import { get } from '../../../lib/request.ts';
import { useSession } from '../../../lib/session.ts';
import { REFRESH_THROTTLE_MS, throttle } from '../../../lib/throttle.ts';

export function fetchBaseConfig(promoCode: string | undefined): Promise<BaseConfig> {
  return get<BaseConfig>('/api/hk/baseConfig', { promoCode });
}

/** Refreshes the persisted base config; at most one call a second (leading edge, spec §4). */
export const refreshBaseConfig = throttle(async (): Promise<BaseConfig> => {
  const config = await fetchBaseConfig(useSession.getState().carried.promoCode);
  useSession.getState().setBaseConfig(config);
  return config;
}, REFRESH_THROTTLE_MS);

export const baseConfigQuery = (promoCode: string | undefined) => ({
  queryKey: ['baseConfig', promoCode ?? ''] as const,
  queryFn: async () => {
    const config = await fetchBaseConfig(promoCode);
    useSession.getState().setBaseConfig(config);
    return config;
  },
  staleTime: 60_000,
});

/** The base config of the current promoter: the persisted copy at once, refreshed from the API. */
export function useBaseConfig(): BaseConfig | null {
  const promoCode = useSession((s) => s.carried.promoCode);
  const persisted = useSession((s) => s.baseConfig);
  const { data } = useQuery({ ...baseConfigQuery(promoCode), placeholderData: persisted ?? undefined });
  return data ?? persisted;
}

/**
 * The default storefront's base config that the server put in the page (GET /shop/), taken once:
 * used only when the app shows the default storefront in the language the page was asked in.
 */
function configInPage(promoCode: string | undefined): BaseConfig | undefined {
  // The server's lib/shop-page.ts names the block.
  const block = document.getElementById('shop-boot');
  if (!block) return undefined;
  block.remove();
  try {
    const boot = JSON.parse(block.textContent ?? '') as { language: string; config: BaseConfig };
    return !promoCode && boot.language === currentLanguage() ? boot.config : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The promoter's base config as the app starts: from the page when the server put it there (a
 * first visit to the default storefront draws its home without a round trip, its first banner
 * preloaded by the page), otherwise fetched side by side with the first page's code and texts. On
 * the home, its first banner is fetched as soon as the fetched config names it, so the image is in
 * when the carousel draws it.
 */
export function prefetchBaseConfig(client: QueryClient, home: boolean): void {
  const promoCode = useSession.getState().carried.promoCode;
  const query = baseConfigQuery(promoCode);
  const inPage = configInPage(promoCode);
  if (inPage) {
    client.setQueryData(query.queryKey, inPage);
    useSession.getState().setBaseConfig(inPage);
    return;
  }
  void client.prefetchQuery(query).then(() => {
    const banner = client.getQueryData<BaseConfig>(query.queryKey)?.front.indexCarousel[0]?.image;
    if (home && banner) new Image().src = banner;
  });
}
