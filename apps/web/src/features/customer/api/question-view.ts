import type { QuestionDetail } from '@simshop/contract/customer';
import { useQuery } from '@tanstack/react-query';
import { currentLanguage } from '../../../lib/i18n.ts';
import { get } from '../../../lib/request.ts';

export function fetchQuestion(id: number): Promise<QuestionDetail> {
  return get<QuestionDetail>('/api/shop/sysQuestion/view', { id });
}

/** One question and its answer (rich text the server sanitised). */
export function useQuestion(id: number) {
  return useQuery({
    queryKey: ['question', currentLanguage(), id] as const,
    queryFn: () => fetchQuestion(id),
    enabled: id > 0,
    staleTime: 5 * 60_000,
  });
}
