import { describe, expect, it } from 'vitest';
import { chineseInEnglish, englishOnly, rawKeys, type SeenText, SIMPLIFIED_ONLY, simplifiedInTraditional } from './page-checks.ts';

/** The checks the page tests make of what a page shows find what they are meant to, and nothing else. */

const seen = (...texts: string[]): SeenText[] => texts.map((text) => ({ where: 'text', text }));

describe('raw translation keys', () => {
  it('finds a key of the app’s files, and a key-shaped name of a missing one', () => {
    expect(rawKeys(seen('title.home', 'Status: shop.logistics.event.In transit', 'iot.title.login'))).toEqual([
      'text: "title.home" (key title.home)',
      'text: "Status: shop.logistics.event.In transit" (key-shaped shop.logistics.event.In)',
      'text: "iot.title.login" (key iot.title.login)',
      'text: "iot.title.login" (key-shaped iot.title.login)',
    ]);
  });

  it('leaves addresses, versions, amounts and sentences alone', () => {
    expect(rawKeys(seen('help.example.com', 'Version 1.4.4', '¥8,888.00', 'Done. Next step.', 'a.b', 'logo.svg'))).toEqual([]);
  });
});

describe('English left in a Chinese page', () => {
  it('finds English phrases and the app’s own English texts', () => {
    expect(englishOnly(seen('tab bar', 'Pay now', 'My orders', '我的订单'))).toEqual([
      'text: "tab bar"',
      'text: "Pay now"',
      'text: "My orders"',
    ]);
  });

  it('leaves names, codes and terms the same in every language', () => {
    expect(
      englishOnly(seen('MiFi-8001', 'Corner Cafe', 'latte2026', 'cmiot', '5G', 'Wi-Fi', '30 GB', 'WPA/WPA2', 'SIM', '128 kbps')),
    ).toEqual([]);
  });
});

describe('scripts', () => {
  it('finds Chinese in an English page', () => {
    expect(chineseInEnglish(seen('Number Select', '号码优选'))).toEqual(['text: "号码优选"']);
  });

  it('finds Simplified characters in a Traditional page, not the Traditional ones', () => {
    expect(SIMPLIFIED_ONLY.has('订')).toBe(true);
    expect(SIMPLIFIED_ONLY.has('訂')).toBe(false);
    expect(simplifiedInTraditional(seen('我的訂單', '我的订单', '刷新'))).toEqual(['text: "我的订单" (订单)']);
  });
});
