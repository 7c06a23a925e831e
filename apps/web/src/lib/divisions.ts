import type { Division } from '@simshop/contract/site';
import { useQuery } from '@tanstack/react-query';
import { safeStorage } from './storage.ts';

/** The code whose children are the provinces. */
export const ROOT_DIVISION = '000000';

const CACHE_KEY = 'simshop-provinces';

/** Provinces by code, cached locally across sessions (spec §3 cache: provinces by code). */
function readCache(): Record<string, Division[]> {
  try {
    return JSON.parse(safeStorage.getItem(CACHE_KEY) ?? '{}') as Record<string, Division[]>;
  } catch {
    return {};
  }
}

export async function fetchDivisions(code: string): Promise<Division[]> {
  const cache = readCache();
  const hit = cache[code];
  if (hit) return hit;
  const res = await fetch(`/provinces/${code}.json`);
  if (!res.ok) throw new Error(`provinces ${code}: HTTP ${res.status}`);
  const list = (await res.json()) as Division[];
  cache[code] = list;
  safeStorage.setItem(CACHE_KEY, JSON.stringify(cache));
  return list;
}

export const divisionsQuery = (code: string) => ({
  queryKey: ['divisions', code] as const,
  queryFn: () => fetchDivisions(code),
  staleTime: Number.POSITIVE_INFINITY,
  gcTime: Number.POSITIVE_INFINITY,
});

/** Direct children of a division (`000000`: the provinces); nothing while `code` is empty. */
export function useDivisions(code: string | undefined) {
  return useQuery({ ...divisionsQuery(code ?? ''), enabled: !!code });
}
