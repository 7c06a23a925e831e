import type { NumberWatchCreateBody, NumberWatchList } from '@simshop/contract/number-watch';
import { useQuery } from '@tanstack/react-query';
import { get, post } from '../../../lib/request.ts';

export const NUMBER_WATCH_KEY = ['numberWatch'] as const;

/** The shopper's number alerts with the numbers found for each. */
export function useNumberWatches() {
  return useQuery({
    queryKey: [...NUMBER_WATCH_KEY, 'list'],
    queryFn: () => get<NumberWatchList>('/api/shop/numberWatch/list'),
    staleTime: 0,
  });
}

/** How many found numbers the shopper has not looked at (only asked when logged in; a 61 ends the login, §8). */
export function useUnseenWatchHits(loggedIn: boolean) {
  return useQuery({
    queryKey: [...NUMBER_WATCH_KEY, 'unseen'],
    queryFn: () => get<{ unseen: number }>('/api/shop/numberWatch/unseen'),
    enabled: loggedIn,
    staleTime: 60_000,
    retry: false,
  });
}

export const createNumberWatch = (body: NumberWatchCreateBody) => post<{ id: number }>('/api/shop/numberWatch/create', body);
export const deleteNumberWatch = (id: number) => post<null>('/api/shop/numberWatch/delete', { id });
export const markNumberWatchesSeen = () => post<null>('/api/shop/numberWatch/seen', {});
