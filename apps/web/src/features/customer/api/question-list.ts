import type { QuestionListReply } from '@simshop/contract/customer';
import { useInfiniteQuery } from '@tanstack/react-query';
import { currentLanguage } from '../../../lib/i18n.ts';
import { get } from '../../../lib/request.ts';

const PAGE_SIZE = 20;

export function fetchQuestions(category: string, keyword: string, page: number): Promise<QuestionListReply> {
  return get<QuestionListReply>('/api/shop/sysQuestion/list', { category, keyword, page, pageSize: PAGE_SIZE });
}

/** Questions of the help centre, by category (empty: all) and words, page by page. */
export function useQuestions(category: string, keyword: string) {
  return useInfiniteQuery({
    queryKey: ['questions', currentLanguage(), category, keyword] as const,
    queryFn: ({ pageParam }: { pageParam: number }) => fetchQuestions(category, keyword, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last: QuestionListReply) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
  });
}
