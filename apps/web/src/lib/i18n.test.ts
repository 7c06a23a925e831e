import { describe, expect, it } from 'vitest';
import en from '../locales/en.json';
import iotEn from '../locales/iot/en.json';
import iotHans from '../locales/iot/zh-Hans.json';
import iotHant from '../locales/iot/zh-Hant.json';
import simEn from '../locales/sim/en.json';
import simHans from '../locales/sim/zh-Hans.json';
import simHant from '../locales/sim/zh-Hant.json';
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
  ['SIM first screens', simEn, simHans, simHant],
  ['IoT', iotEn, iotHans, iotHant],
])('%s texts', (_name, en, zhHans, zhHant) => {
  it('has every key in all three languages, none empty', () => {
    const reference = keys(en).sort();
    expect(keys(zhHans).sort()).toEqual(reference);
    expect(keys(zhHant).sort()).toEqual(reference);
    for (const bundle of [en, zhHans, zhHant]) {
      for (const k of keys(bundle)) expect(k.split('.').reduce<any>((o, p) => o[p], bundle)).not.toBe('');
    }
  });
});
