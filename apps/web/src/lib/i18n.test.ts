import { describe, expect, it } from 'vitest';
import en from '../locales/en.json';
import homeEn from '../locales/home/en.json';
import homeHans from '../locales/home/zh-Hans.json';
import homeHant from '../locales/home/zh-Hant.json';
import iotEn from '../locales/iot/en.json';
import iotHans from '../locales/iot/zh-Hans.json';
import iotHant from '../locales/iot/zh-Hant.json';
import simEn from '../locales/sim/en.json';
import simHans from '../locales/sim/zh-Hans.json';
import simHant from '../locales/sim/zh-Hant.json';
import simStartEn from '../locales/sim-start/en.json';
import simStartHans from '../locales/sim-start/zh-Hans.json';
import simStartHant from '../locales/sim-start/zh-Hant.json';
import storefrontEn from '../locales/storefront/en.json';
import storefrontHans from '../locales/storefront/zh-Hans.json';
import storefrontHant from '../locales/storefront/zh-Hant.json';
import zhHans from '../locales/zh-Hans.json';
import zhHant from '../locales/zh-Hant.json';
import { mapLocale } from './i18n.ts';

describe('locale mapping (spec §1)', () => {
  it.each([
    ['zh-TW', 'zh-Hant'],
    ['zh-HK', 'zh-Hant'],
    ['zh-MO', 'zh-Hant'],
    ['zh_tw', 'zh-Hant'],
    ['zh-cht', 'zh-Hant'],
    ['zh-Hant', 'zh-Hant'],
    ['zh-Hant-TW', 'zh-Hant'],
    ['zh-CN', 'zh-Hans'],
    ['zh', 'zh-Hans'],
    ['zh-SG', 'zh-Hans'],
    ['zh-Hans', 'zh-Hans'],
    ['en-US', 'en'],
    ['fr', 'en'],
    ['', 'en'],
  ])('%s → %s', (locale, expected) => {
    expect(mapLocale(locale)).toBe(expected);
  });
});

function keys(o: unknown, prefix = ''): string[] {
  if (o && typeof o === 'object') return Object.entries(o).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
  return [prefix];
}

describe.each([
  ['core', en, zhHans, zhHant],
  ['storefront home', homeEn, homeHans, homeHant],
  ['storefront', storefrontEn, storefrontHans, storefrontHant],
  ['SIM login and titles', simStartEn, simStartHans, simStartHant],
  ['SIM dashboard', simEn, simHans, simHant],
  ['IoT', iotEn, iotHans, iotHant],
])('%s texts', (_name, en, zhHans, zhHant) => {
  it('has every key in all three languages, none empty', () => {
    // Plural forms differ by language (English `_one` and `_other`, Chinese `_other` only).
    const texts = (bundle: unknown) => [...new Set(keys(bundle).map((k) => k.replace(/_(zero|one|two|few|many|other)$/, '')))].sort();
    const reference = texts(en);
    expect(texts(zhHans)).toEqual(reference);
    expect(texts(zhHant)).toEqual(reference);
    for (const bundle of [en, zhHans, zhHant]) {
      for (const k of keys(bundle)) expect(k.split('.').reduce<any>((o, p) => o[p], bundle)).not.toBe('');
    }
  });
});
