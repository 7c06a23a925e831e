import { yuan } from '../../../../lib/money.ts';

type T = (key: string, options?: Record<string, unknown>) => string;

/** A price range in the visitor's language: Free, ¥1–200, ¥5,000 and up. */
export function priceRangeLabel(t: T, min: number | null, max: number | null): string {
  if (min === 0 && max === 0) return t('shop.filter.priceFree');
  if (min !== null && max !== null) return t('shop.filter.priceBetween', { min: yuan(min), max: yuan(max) });
  if (min !== null) return t('shop.filter.priceFrom', { min: yuan(min) });
  if (max !== null) return t('shop.filter.priceUpTo', { max: yuan(max) });
  return t('shop.filter.priceAny');
}
