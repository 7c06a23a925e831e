import { Header, type Language } from '@simshop/contract/headers';
import type { Division } from '@simshop/contract/site';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from './i18n.ts';
import { safeStorage } from './storage.ts';

/** The code whose children are the provinces. */
export const ROOT_DIVISION = '000000';

const CACHE_KEY = 'simshop-provinces';

/** Divisions by language and code, cached locally across sessions (spec §3 cache: provinces by code). */
function readCache(): Record<string, Division[]> {
  try {
    return JSON.parse(safeStorage.getItem(CACHE_KEY) ?? '{}') as Record<string, Division[]>;
  } catch {
    return {};
  }
}

/** Direct children of a division named in a language; the codes never change, the names follow the language. */
export async function fetchDivisions(code: string, language: Language): Promise<Division[]> {
  const key = `${language}:${code}`;
  const cache = readCache();
  const hit = cache[key];
  if (hit) return hit;
  const res = await fetch(`/provinces/${code}.json`, { headers: { [Header.language]: language } });
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

/** Direct children of a division (`000000`: the provinces) in the app language; nothing while `code` is empty. */
export function useDivisions(code: string | undefined) {
  const { i18n } = useTranslation();
  const language = i18n.language ? currentLanguage() : 'en';
  return useQuery({ ...divisionsQuery(code ?? '', language), enabled: !!code });
}
