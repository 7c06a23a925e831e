import { PATTERN_TAGS } from '@simshop/contract/numbers';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bitsOf, FEATURED_BIT, patternTags, TAG_BIT, tagMask, tagsOfMask } from './patterns.ts';
import { suggestedPrice } from './pricing.ts';

describe('patternTags', () => {
  it.each([
    ['13912348888', ['AAAA', 'ASC', 'TAIL8']],
    ['13800008765', ['AAAA', 'DESC', 'NO4']],
    ['13922231905', ['AAA', 'NO4']],
    ['13911227390', ['AABB', 'NO4']],
    ['13967676130', ['ABAB', 'NO4']],
    ['13930035817', ['ABBA', 'NO4']],
    ['13905678190', ['ASC', 'NO4']],
    ['13998763150', ['DESC', 'NO4']],
    ['13902718266', ['TAIL6', 'NO4']],
    ['13902718199', ['TAIL9', 'NO4']],
    ['13902718520', ['TAIL520', 'NO4']],
    ['13927091314', ['TAIL1314']],
    ['13919850623', ['NO4', 'MMDD', 'YYYYMMDD']],
  ])('%s is %j', (number, tags) => {
    expect(patternTags(number)).toEqual(tags);
  });

  it('finds no pattern in a plain number with a 4', () => {
    expect(patternTags('13852749130')).toEqual([]);
  });

  it('reads dates strictly: month 13, day 32 and 30 February are not dates; 29 February only in leap years', () => {
    expect(patternTags('13901301357')).not.toContain('MMDD');
    expect(patternTags('13959031332')).not.toContain('MMDD');
    expect(patternTags('13959070230')).not.toContain('MMDD');
    expect(patternTags('13920000229')).toContain('YYYYMMDD');
    expect(patternTags('13919000229')).not.toContain('YYYYMMDD');
    expect(patternTags('13919990229')).not.toContain('YYYYMMDD');
    expect(patternTags('13919990229')).toContain('MMDD');
  });

  it('looks for repeats after the 3-digit segment only', () => {
    expect(patternTags('13335790135')).not.toContain('AAA');
    expect(patternTags('13323335790')).toContain('AAA');
  });

  it('keeps AAA and AAAA apart: a run of 4 or more is AAAA only', () => {
    expect(patternTags('13955555012')).toEqual(expect.arrayContaining(['AAAA']));
    expect(patternTags('13955555012')).not.toContain('AAA');
  });

  it('needs two different digits for AABB, ABAB and ABBA', () => {
    expect(patternTags('13900001357')).not.toContain('AABB');
    expect(patternTags('13900001357')).not.toContain('ABAB');
    expect(patternTags('13900001357')).not.toContain('ABBA');
  });

  it('refuses anything but an 11-digit mobile number', () => {
    expect(() => patternTags('2391234888')).toThrow();
    expect(() => patternTags('1391234888x')).toThrow();
  });

  it('agrees with a brute-force reading of the digits on any number', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^1\d{10}$/), (n) => {
        const tags = patternTags(n);
        const sub = n.slice(3);
        expect(tags.includes('NO4')).toBe(!n.includes('4'));
        expect(tags.includes('TAIL8')).toBe(n.endsWith('88'));
        const hasRun = (len: number) => [...'0123456789'].some((d) => sub.includes(d.repeat(len)));
        expect(tags.includes('AAAA')).toBe(hasRun(4));
        expect(tags.includes('AAA')).toBe(hasRun(3) && !hasRun(4));
        const asc = ['0123', '1234', '2345', '3456', '4567', '5678', '6789'].some((r) => sub.includes(r));
        expect(tags.includes('ASC')).toBe(asc);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('tag masks', () => {
  it('round-trips every tag through the mask and keeps FEATURED apart', () => {
    const all = [...PATTERN_TAGS];
    expect(tagsOfMask(tagMask(all))).toEqual(all);
    expect(tagsOfMask(tagMask(['AAAA', 'NO4']) | FEATURED_BIT)).toEqual(['AAAA', 'NO4']);
    expect(bitsOf(TAG_BIT.AABB | FEATURED_BIT)).toEqual([TAG_BIT.AABB, FEATURED_BIT]);
    expect(new Set(Object.values(TAG_BIT)).size).toBe(PATTERN_TAGS.length);
    expect(Object.values(TAG_BIT)).not.toContain(FEATURED_BIT);
  });
});

describe('suggestedPrice', () => {
  it('prices a tail pattern above the same pattern inside and a plain number lowest', () => {
    const price = (n: string) => suggestedPrice(patternTags(n), n).price;
    expect(price('13912348888')).toBeGreaterThan(price('13988881235'));
    expect(price('13988881235')).toBeGreaterThan(price('13852749130'));
    expect(price('13852749130')).toBe(0);
    expect(suggestedPrice(patternTags('13912348888'), '13912348888').minMonthlyFee).toBeGreaterThan(0);
  });
});
