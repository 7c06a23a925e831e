import { describe, expect, it } from 'vitest';
import { chineseTexts, Texts, toTraditional } from './service.ts';

describe('data texts', () => {
  it('converts Simplified to Traditional Chinese', () => {
    expect(toTraditional('全国通用流量 200GB 季包')).toBe('全國通用流量 200GB 季包');
    expect(toTraditional('号码优选官方店')).toBe('號碼優選官方店');
  });

  it('serve a row its own translation, else Traditional by conversion, else the stored text', () => {
    const own = new Map([['7\u0000name', 'Unlimited monthly']]);
    expect(new Texts('en', own).text(7, 'name', '不限量月包')).toBe('Unlimited monthly');
    expect(new Texts('en', own).text(8, 'name', '不限量月包')).toBe('不限量月包');
    expect(new Texts('zh-Hant').text(7, 'name', '不限量月包')).toBe('不限量月包');
    expect(new Texts('zh-Hant').text(7, 'name', '随身WiFi 月包')).toBe('隨身WiFi 月包');
    expect(new Texts('zh-Hans', own).text(7, 'name', '不限量月包')).toBe('不限量月包');
  });

  it('find the Chinese of a document by path and leave the rest alone', () => {
    const doc = { title: '选靓号', link: '/pages/index', items: [{ text: '首页', icon: 'a.svg' }], n: 3 };
    expect([...chineseTexts(doc, 'front')]).toEqual([
      ['front.title', '选靓号'],
      ['front.items.0.text', '首页'],
    ]);
    const en = new Texts('en', new Map([['1\u0000front.items.0.text', 'Home']])).document(1, 'front', doc);
    expect(en).toEqual({ ...doc, items: [{ text: 'Home', icon: 'a.svg' }] });
  });
});
