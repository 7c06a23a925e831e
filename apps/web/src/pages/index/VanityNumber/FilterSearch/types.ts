import { FEATURED_OPERATOR, type NUMBER_SORTS } from '@simshop/contract/numbers-terms';
import type { NumberFilter } from '../../../../features/numbers/api/number-list.ts';

export interface Region {
  province: string;
  provinceName: string;
  city: string;
  cityName: string;
}

export type Sort = (typeof NUMBER_SORTS)[number];

/** Everything the visitor can filter the numbers by. */
export interface Filters {
  /** '' all, '-99' featured, or an operator_type value. */
  operator: string;
  region: Region | null;
  segment: string;
  pattern: string;
  contains: string;
  endsWith: string;
  exclude4: boolean;
  minPrice: number | null;
  maxPrice: number | null;
  sort: Sort;
}

export const EMPTY_FILTERS: Filters = {
  operator: '',
  region: null,
  segment: '',
  pattern: '',
  contains: '',
  endsWith: '',
  exclude4: false,
  minPrice: null,
  maxPrice: null,
  sort: 'default',
};

export { FEATURED_OPERATOR };

/** The numberList query of some filters. */
export function toQuery(f: Filters, promoCode: string | undefined): NumberFilter {
  return {
    promoCode,
    operator: f.operator as NumberFilter['operator'],
    province: f.region?.province ?? '',
    city: f.region?.city ?? '',
    segment: f.segment,
    pattern: f.pattern as NumberFilter['pattern'],
    contains: f.contains,
    endsWith: f.endsWith,
    exclude4: f.exclude4 ? '1' : '',
    minPrice: f.minPrice ?? '',
    maxPrice: f.maxPrice ?? '',
    sort: f.sort,
  };
}

/** How many of the "more" filters are set (the badge on the Filter button). */
export function moreCount(f: Filters): number {
  return [f.segment, f.pattern, f.contains, f.endsWith].filter(Boolean).length + (f.exclude4 ? 1 : 0);
}
