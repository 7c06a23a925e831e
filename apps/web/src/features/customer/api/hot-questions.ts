import type { QuestionSummary } from '@simshop/contract/customer';
import { useQuery } from '@tanstack/react-query';
import { currentLanguage } from '../../../lib/i18n.ts';
import { get } from '../../../lib/request.ts';
import { safeStorage } from '../../../lib/storage.ts';
import { REFRESH_THROTTLE_MS, throttle } from '../../../lib/throttle.ts';

const CACHE_KEY = 'simshop-hot-questions';

/** The hot questions last fetched, per language (spec §3 cache: hotQuestions). */
function readCache(): Record<string, QuestionSummary[]> {
  try {
    return JSON.parse(safeStorage.getItem(CACHE_KEY) ?? '{}') as Record<string, QuestionSummary[]>;
  } catch {
    return {};
  }
}

async function fetchHotQuestions(language: string): Promise<QuestionSummary[]> {
  const list = await get<QuestionSummary[]>('/api/shop/customer/hotQuestionList');
  safeStorage.setItem(CACHE_KEY, JSON.stringify({ ...readCache(), [language]: list }));
  return list;
}

const refreshers = new Map<string, (language: string) => Promise<QuestionSummary[]>>();

/** Refreshes the hot questions of a language; at most one call a second (leading edge, spec §4). */
export function refreshHotQuestions(language: string): Promise<QuestionSummary[]> {
  let refresh = refreshers.get(language);
  if (!refresh) {
    refresh = throttle(fetchHotQuestions, REFRESH_THROTTLE_MS);
    refreshers.set(language, refresh);
  }
  return refresh(language);
}

/** The hot questions: the cached copy at once, refreshed from the API. */
export function useHotQuestions() {
  const language = currentLanguage();
  return useQuery({
    queryKey: ['hotQuestions', language] as const,
    queryFn: () => refreshHotQuestions(language),
    placeholderData: readCache()[language],
  });
}
