import { beforeAll, describe, expect, it } from 'vitest';
import { currentLanguage, initI18n, t } from './i18n.ts';

describe('the translator', () => {
  beforeAll(async () => {
    await initI18n('zh-Hans');
    await initI18n('en');
  });

  it('reads nested keys in the language shown, or in another one asked for', () => {
    expect(currentLanguage()).toBe('en');
    expect(t('tab.my')).toBe('My');
    expect(t('tab.my', { lng: 'zh-Hans' })).toBe('我的');
  });

  it('puts values into {{name}} and leaves an unknown one as written', () => {
    expect(t('my.version', { version: '1.4.4' })).toBe('Version 1.4.4');
    expect(t('my.version')).toBe('Version {{version}}');
  });

  it('chooses the plural by count', () => {
    expect(t('help.found', { count: 1, keyword: 'SIM' })).toBe('1 result for “SIM”');
    expect(t('help.found', { count: 3, keyword: 'SIM' })).toBe('3 results for “SIM”');
    expect(t('help.found', { count: 1, keyword: 'SIM', lng: 'zh-Hans' })).toBe('“SIM”共 1 条结果');
  });

  it('falls back to the default value, else to the key', () => {
    expect(t('shop.nothing.here', { defaultValue: 'Plan {{n}}', n: 2 })).toBe('Plan 2');
    expect(t('shop.nothing.here')).toBe('shop.nothing.here');
    expect(t('tab')).toBe('tab');
  });

  it('returns a list of texts when asked for objects', () => {
    const clauses = t('shop.about.terms.clauses', { returnObjects: true, shop: 'Demo Shop' }) as unknown as { title: string }[];
    expect(clauses[0]?.title).toBe('Real-name registration');
    expect(t('shop.about.terms.lead', { shop: 'Demo Shop' })).toMatch(
      /^These terms apply to numbers and SIM cards bought from Demo Shop\./,
    );
  });
});
