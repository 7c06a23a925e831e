/** The validity-left text of the SIM info (`surplusTimeTips`), in the holder's language. */

import type { Language } from '@simshop/contract/headers';
import { DurationUnit } from '@simshop/contract/iot';
import type { Surplus } from '../../lib/flow-math.ts';

const TIPS: Record<
  Language,
  { day: (n: number) => string; month: (n: number) => string; year: (n: number) => string; lifetime: string; expired: string; none: string }
> = {
  en: {
    day: (n) => `${n} ${n === 1 ? 'day' : 'days'} left`,
    month: (n) => `${n} ${n === 1 ? 'month' : 'months'} left`,
    year: (n) => `${n} ${n === 1 ? 'year' : 'years'} left`,
    lifetime: 'Lifetime',
    expired: 'Expired',
    none: 'No package',
  },
  'zh-Hans': {
    day: (n) => `剩余${n}天`,
    month: (n) => `剩余${n}个月`,
    year: (n) => `剩余${n}年`,
    lifetime: '永久有效',
    expired: '已过期',
    none: '暂无套餐',
  },
  'zh-Hant': {
    day: (n) => `剩餘${n}天`,
    month: (n) => `剩餘${n}個月`,
    year: (n) => `剩餘${n}年`,
    lifetime: '永久有效',
    expired: '已過期',
    none: '暫無套餐',
  },
};

export function surplusTimeTips(surplus: Surplus, language: Language): string {
  const t = TIPS[language];
  if (surplus.state === 'none') return t.none;
  if (surplus.state === 'expired') return t.expired;
  if (surplus.isLifetime) return t.lifetime;
  if (surplus.surplusUnit === DurationUnit.YEAR) return t.year(surplus.surplusTime);
  if (surplus.surplusUnit === DurationUnit.MONTH) return t.month(surplus.surplusTime);
  return t.day(surplus.surplusTime);
}
