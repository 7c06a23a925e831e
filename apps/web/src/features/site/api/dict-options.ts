import type { DictOption } from '@simshop/contract/site';
import { useQuery } from '@tanstack/react-query';
import { post } from '../../../lib/request.ts';

export const dictOptionsQuery = (types: string[]) => ({
  queryKey: ['dictOptions', ...types] as const,
  queryFn: () => post<Record<string, DictOption[]>>('/api/dictData/options', types),
  staleTime: 10 * 60_000,
});

export function useDictOptions(types: string[]) {
  return useQuery(dictOptionsQuery(types));
}
