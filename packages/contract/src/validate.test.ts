import { describe, expect, it } from 'vitest';
import { idCheckDigit, isChineseId, isHttpLink, isMobile } from './validate.ts';

describe('mobile numbers (spec §5)', () => {
  it('accepts 11 digits starting with 1 only', () => {
    expect(isMobile('13800138000')).toBe(true);
    expect(isMobile('23800138000')).toBe(false);
    expect(isMobile('1380013800')).toBe(false);
    expect(isMobile('138001380001')).toBe(false);
    expect(isMobile('1380013800a')).toBe(false);
  });
});

describe('Chinese ID numbers', () => {
  it('computes the ISO 7064 MOD 11-2 check character', () => {
    expect(idCheckDigit('11010519491231002')).toBe('X');
    expect(idCheckDigit('44052418800101001')).toBe('4');
  });
  it('accepts a well-formed number with the right check character, X in either case', () => {
    expect(isChineseId('11010519491231002X')).toBe(true);
    expect(isChineseId('11010519491231002x')).toBe(true);
  });
  it('refuses a wrong check character', () => {
    expect(isChineseId('110105194912310021')).toBe(false);
  });
  it('refuses the formats §5 rules out', () => {
    const valid = (first17: string) => first17 + idCheckDigit(first17);
    expect(isChineseId(valid('01010519491231002'))).toBe(false); // area code starts with 0
    expect(isChineseId(valid('11010509491231002'))).toBe(false); // year starts with 0
    expect(isChineseId(valid('11010519491331002'))).toBe(false); // month 13
    expect(isChineseId(valid('11010519491232002'))).toBe(false); // day 32
    expect(isChineseId(valid('11010519491200002'))).toBe(true); // day 00 is allowed by §5
    expect(isChineseId('1101051949123100')).toBe(false); // too short
  });
});

describe('http links', () => {
  it('starts with http or https', () => {
    expect(isHttpLink('https://a.b')).toBe(true);
    expect(isHttpLink('http://a.b')).toBe(true);
    expect(isHttpLink('/pages/index/index')).toBe(false);
    expect(isHttpLink('ftp://x')).toBe(false);
  });
});
