import { describe, expect, it } from 'vitest';
import { surplusTimeTips } from './surplus-tips.ts';

const left = (surplusTime: number, surplusUnit: 1 | 2 | 3, isLifetime = false) => ({
  surplusTime,
  surplusUnit,
  isLifetime,
  state: 'left' as const,
});

describe('surplusTimeTips', () => {
  it('counts days, months and years in English, singular for one', () => {
    expect(surplusTimeTips(left(12, 1), 'en')).toBe('12 days left');
    expect(surplusTimeTips(left(1, 1), 'en')).toBe('1 day left');
    expect(surplusTimeTips(left(11, 2), 'en')).toBe('11 months left');
    expect(surplusTimeTips(left(1, 3), 'en')).toBe('1 year left');
  });

  it('shows lifetime in every language', () => {
    expect(surplusTimeTips(left(20, 3, true), 'en')).toBe('Lifetime');
    expect(surplusTimeTips(left(99, 3, true), 'zh-Hans')).toBe('永久有效');
  });

  it('says expired or no package, in the language asked', () => {
    expect(surplusTimeTips({ surplusTime: 0, surplusUnit: 1, isLifetime: false, state: 'expired' }, 'en')).toBe('Expired');
    expect(surplusTimeTips({ surplusTime: 0, surplusUnit: 1, isLifetime: false, state: 'none' }, 'zh-Hant')).toBe('暫無套餐');
    expect(surplusTimeTips(left(2, 1), 'zh-Hans')).toBe('剩余2天');
    expect(surplusTimeTips(left(3, 2), 'zh-Hant')).toBe('剩餘3個月');
  });
});
