import type { AdminMe } from '@simshop/contract/admin';
import { useQuery } from '@tanstack/react-query';
import { api } from '../lib/api.ts';
import { getToken } from '../lib/session.ts';

export const meQuery = { queryKey: ['admin', 'me'], queryFn: () => api<AdminMe>('GET', '/me'), staleTime: 60_000 };

/** The signed-in operator (undefined while loading or signed out). */
export function useOperator() {
  return useQuery({ ...meQuery, enabled: getToken() !== '' });
}
