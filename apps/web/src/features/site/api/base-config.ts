import type { BaseConfig } from '@simshop/contract/site';
import { type QueryClient, useQuery } from '@tanstack/react-query';
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
 * Fetches the promoter's base config as the app starts, side by side with the first page's code and
 * texts: every page's frame reads it, and waiting for the page to render first put a round trip
 * before the home's largest image. On the home, its first banner is fetched as soon as the config
 * names it, so the image is in when the carousel draws it.
 */
export function prefetchBaseConfig(client: QueryClient, home: boolean): void {
  const query = baseConfigQuery(useSession.getState().carried.promoCode);
  void client.prefetchQuery(query).then(() => {
    const banner = client.getQueryData<BaseConfig>(query.queryKey)?.front.indexCarousel[0]?.image;
    if (home && banner) new Image().src = banner;
  });
}
