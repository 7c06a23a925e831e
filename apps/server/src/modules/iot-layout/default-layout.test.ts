import { describe, expect, it } from 'vitest';
import { Texts } from '../i18n-texts/service.ts';
import { BUILT_IN_ENGLISH, builtInLayout } from './default-layout.ts';

describe('the built-in layout', () => {
  it('has an English for every one of its texts', () => {
    const en = new Texts('en', new Map(), BUILT_IN_ENGLISH).document(0, 'layout', builtInLayout());
    expect(JSON.stringify(en)).not.toMatch(/\p{Script=Han}/u);
  });

  it('is converted for Traditional Chinese', () => {
    const hant = new Texts('zh-Hant').document(0, 'layout', builtInLayout());
    expect(hant.menus.map((m) => m.title)).toContain('套餐訂購');
  });
});
