import type { FastNumberProducts } from '@simshop/contract/fast-number';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { get } from '../../../lib/request.ts';

export function fetchFastNumberProducts(): Promise<FastNumberProducts> {
  return get<FastNumberProducts>('/api/shop/fastNumber/products');
}

/** Operators and the packages a new number can be applied for with (names in the app's language). */
export function useFastNumberProducts() {
  const { i18n } = useTranslation();
  return useQuery({ queryKey: ['fastNumberProducts', i18n.language] as const, queryFn: fetchFastNumberProducts, staleTime: 60_000 });
}
