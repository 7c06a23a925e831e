import type { Division } from '@simshop/contract/site';
import { useQuery } from '@tanstack/react-query';
import { currentLanguage, type Language } from './i18n.ts';
import { requestHeaders } from './request.ts';
import { safeStorage } from './storage.ts';

/** The code whose children are the provinces. */
export const ROOT_DIVISION = '000000';

const CACHE_KEY = 'simshop-provinces';

/**
 * The city level of a municipality (Beijing, Tianjin, Shanghai, Chongqing) is named "市辖区" (its
 * districts) in the data; people read the municipality's own name there.
 */
export function isMunicipalDistricts(code: string): boolean {
  return /^(11|12|31|50)0100$/.test(code);
}

/** Provinces by code, cached locally across sessions (spec §3 cache: provinces by code). */
function readCache(): Record<string, Division[]> {
  try {
    return JSON.parse(safeStorage.getItem(CACHE_KEY) ?? '{}') as Record<string, Division[]>;
  } catch {
    return {};
  }
}

/** Children of a division named in a language (kept by code and language). */
export async function fetchDivisions(code: string, language: Language): Promise<Division[]> {
  const cache = readCache();
  const key = `${language}:${code}`;
  const hit = cache[key];
  if (hit) return hit;
  // A static file, but a call of the app like any other: it carries the §7 headers.
  const res = await fetch(`/provinces/${code}.json?language=${language}`, { headers: requestHeaders() });
  if (!res.ok) throw new Error(`provinces ${code}: HTTP ${res.status}`);
  const list = (await res.json()) as Division[];
  cache[key] = list;
  safeStorage.setItem(CACHE_KEY, JSON.stringify(cache));
  return list;
}

export const divisionsQuery = (code: string, language: Language) => ({
  queryKey: ['divisions', language, code] as const,
  queryFn: () => fetchDivisions(code, language),
  staleTime: Number.POSITIVE_INFINITY,
  gcTime: Number.POSITIVE_INFINITY,
});

/**
 * Direct children of a division (`000000`: the provinces) in the reader's language, or in `language`
 * (postal addresses are picked with their Chinese names); nothing while `code` is empty.
 */
export function useDivisions(code: string | undefined, language: Language = currentLanguage()) {
  return useQuery({ ...divisionsQuery(code ?? '', language), enabled: !!code });
}
