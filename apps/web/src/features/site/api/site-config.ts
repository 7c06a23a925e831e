import type { SiteConfig } from '@simshop/contract/site';
import { useQuery } from '@tanstack/react-query';
import { get } from '../../../lib/request.ts';

export function fetchSiteConfig(): Promise<SiteConfig> {
  return get<SiteConfig>('/api/site/config');
}

/** The site's configuration, with the version the server is at (a reload gets that build). */
export function useSiteConfig() {
  return useQuery({ queryKey: ['siteConfig'] as const, queryFn: fetchSiteConfig, staleTime: 0 });
}
