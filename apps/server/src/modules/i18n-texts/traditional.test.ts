import { Converter, Locale } from 'opencc-js/cn2t';
import { describe, expect, it } from 'vitest';
import { simplifiedToTraditional } from './traditional.ts';

describe('simplifiedToTraditional', () => {
  const opencc = Converter({ from: 'cn', to: 'tw' });

  it('converts as opencc-js does, phrase for phrase, over all of its Simplified dictionary', () => {
    const group = (Locale.from.cn?.[0] ?? []) as string[];
    const phrases = group.flatMap((d) => d.split('|').map((e) => e.split(' ')[0] ?? ''));
    expect(phrases.length).toBeGreaterThan(50_000);
    // In runs of 40, so phrases also meet their neighbours (longest match across a boundary).
    for (let i = 0; i < phrases.length; i += 40) {
      const text = phrases.slice(i, i + 40).join(i % 80 === 0 ? '' : '，');
      expect(simplifiedToTraditional(text)).toBe(opencc(text));
    }
  }, 60_000);

  it('converts product texts, keeps Latin text, digits and characters outside the dictionaries', () => {
    for (const text of ['号码优选官方店', '全国通用流量 200GB 季包', '随身WiFi 设备保修一年', '⿰氵每 𠀾 ABC 123', '']) {
      expect(simplifiedToTraditional(text)).toBe(opencc(text));
    }
    expect(simplifiedToTraditional('号码优选官方店')).toBe('號碼優選官方店');
  });
});
