import { useInfiniteQuery } from '@tanstack/react-query';
import { get } from '../../../lib/request.ts';
import { useSession } from '../../../lib/session.ts';

export interface Review {
  id: number;
  rating: number;
  name: string;
  content: string;
  number: string;
  createdAt: number;
}

export interface ReviewPage {
  list: Review[];
  total: number;
  page: number;
  pageSize: number;
  average: number;
}

export function fetchReviews(promoCode: string | undefined, page: number): Promise<ReviewPage> {
  return get<ReviewPage>('/api/shop/reviews', { promoCode, page, pageSize: 10 });
}

export const reviewListQuery = (promoCode: string | undefined) => ({
  queryKey: ['reviews', promoCode ?? ''] as const,
  queryFn: ({ pageParam }: { pageParam: number }) => fetchReviews(promoCode, pageParam),
  initialPageParam: 1,
  getNextPageParam: (last: ReviewPage) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
});

/** Reviews by earlier buyers of this storefront, newest first. */
export function useReviews() {
  const promoCode = useSession((s) => s.carried.promoCode);
  return useInfiniteQuery(reviewListQuery(promoCode));
}
