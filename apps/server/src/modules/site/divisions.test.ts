import { describe, expect, it } from 'vitest';
import { divisionNameIn, englishDivisionName } from './divisions.ts';

describe('englishDivisionName', () => {
  it('romanises the place and translates its administrative suffix', () => {
    expect(englishDivisionName('杭州市')).toBe('Hangzhou');
    expect(englishDivisionName('西湖区')).toBe('Xihu District');
    expect(englishDivisionName('淳安县')).toBe('Chunan County');
    expect(englishDivisionName('延边朝鲜族自治州')).toBe('Yanbianchaoxianzu Autonomous Prefecture');
    expect(englishDivisionName('长阳土家族自治县')).toBe('Changyangtujiazu Autonomous County');
    expect(englishDivisionName('阿里地区')).toBe('Ali Prefecture');
    expect(englishDivisionName('锡林郭勒盟')).toBe('Xilinguole League');
    expect(englishDivisionName('神农架林区')).toBe('Shennongjia Forestry District');
    expect(englishDivisionName('虎门镇')).toBe('Humen Town');
    expect(englishDivisionName('县')).toBe('Counties');
  });

  it('names a municipality city level (市辖区) as the municipality in every language', () => {
    expect(divisionNameIn('110100', 'en')).toBe('Beijing');
    expect(divisionNameIn('110100', 'zh-Hans')).toBe('北京市');
    expect(divisionNameIn('110100', 'zh-Hant')).toBe('北京市');
  });
});
