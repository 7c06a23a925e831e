import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '../../../lib/request.ts';
import type { Review } from './review-list.ts';

/** Posts the review of a completed order (the buyer only; 61 asks to log in). */
export function useCreateReview() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { orderNo: string; rating: number; content: string }) => post<Review>('/api/shop/review', body),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['reviews'] }),
  });
}
