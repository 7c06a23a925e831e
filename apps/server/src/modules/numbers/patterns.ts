import { PATTERN_TAGS, type PatternTag } from '@simshop/contract/numbers';

/**
 * Pattern tags of an 11-digit number, computed once when the number is added and stored as a bit
 * mask. Repeats, pairs and runs are looked for in the last 8 digits (the subscriber part: the
 * first 3 are the segment); the lucky and date tags read the tail; NO4 reads the whole number.
 */

/** Bit of each pattern tag in the stored mask: the tag's index in PATTERN_TAGS. */
export const TAG_BIT: Readonly<Record<PatternTag, number>> = Object.fromEntries(PATTERN_TAGS.map((t, i) => [t, 1 << i])) as Record<
  PatternTag,
  number
>;

/** Featured by the shop (operator filter -99): kept in the same mask, never computed from digits. */
export const FEATURED_BIT = 1 << 15;

function longestRepeat(s: string): number {
  let best = 1;
  let run = 1;
  for (let i = 1; i < s.length; i++) {
    run = s[i] === s[i - 1] ? run + 1 : 1;
    if (run > best) best = run;
  }
  return best;
}

/** Longest run of digits that each differ from the previous one by `step` (+1 ascending, -1 descending). */
function longestStep(s: string, step: 1 | -1): number {
  let best = 1;
  let run = 1;
  for (let i = 1; i < s.length; i++) {
    run = Number(s[i]) - Number(s[i - 1]) === step ? run + 1 : 1;
    if (run > best) best = run;
  }
  return best;
}

/** True when some 4-digit window matches the shape, e.g. [0,0,1,1] for AABB, with A ≠ B. */
function hasShape(s: string, shape: [number, number, number, number]): boolean {
  for (let i = 0; i + 4 <= s.length; i++) {
    const w = s.slice(i, i + 4);
    const a = w[shape.indexOf(0)];
    const b = w[shape.indexOf(1)];
    if (a !== b && shape.every((k, j) => w[j] === (k === 0 ? a : b))) return true;
  }
  return false;
}

function daysIn(month: number, year: number | undefined): number {
  if (month === 2) return year === undefined || (year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0)) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

function isMonthDay(mmdd: string, year?: number): boolean {
  const month = Number(mmdd.slice(0, 2));
  const day = Number(mmdd.slice(2, 4));
  return month >= 1 && month <= 12 && day >= 1 && day <= daysIn(month, year);
}

/** A birthday-like YYYYMMDD, years 1950 to 2029. */
function isDate(yyyymmdd: string): boolean {
  const year = Number(yyyymmdd.slice(0, 4));
  return year >= 1950 && year <= 2029 && isMonthDay(yyyymmdd.slice(4), year);
}

/** The pattern tags of a number, in PATTERN_TAGS order. */
export function patternTags(number: string): PatternTag[] {
  if (!/^1\d{10}$/.test(number)) throw new Error(`not an 11-digit mobile number: ${number}`);
  const sub = number.slice(3);
  const tags = new Set<PatternTag>();
  const repeat = longestRepeat(sub);
  if (repeat >= 4) tags.add('AAAA');
  else if (repeat === 3) tags.add('AAA');
  if (hasShape(sub, [0, 0, 1, 1])) tags.add('AABB');
  if (hasShape(sub, [0, 1, 0, 1])) tags.add('ABAB');
  if (hasShape(sub, [0, 1, 1, 0])) tags.add('ABBA');
  if (longestStep(sub, 1) >= 4) tags.add('ASC');
  if (longestStep(sub, -1) >= 4) tags.add('DESC');
  if (number.endsWith('88')) tags.add('TAIL8');
  if (number.endsWith('66')) tags.add('TAIL6');
  if (number.endsWith('99')) tags.add('TAIL9');
  if (number.endsWith('520')) tags.add('TAIL520');
  if (number.endsWith('1314')) tags.add('TAIL1314');
  if (!number.includes('4')) tags.add('NO4');
  if (isMonthDay(number.slice(7))) tags.add('MMDD');
  if (isDate(sub)) tags.add('YYYYMMDD');
  return PATTERN_TAGS.filter((t) => tags.has(t));
}

export function tagMask(tags: readonly PatternTag[]): number {
  return tags.reduce((mask, t) => mask | TAG_BIT[t], 0);
}

export function tagsOfMask(mask: number): PatternTag[] {
  return PATTERN_TAGS.filter((t) => (mask & TAG_BIT[t]) !== 0);
}

/** Every bit set in a mask, lowest first (pattern tags and FEATURED). */
export function bitsOf(mask: number): number[] {
  const bits: number[] = [];
  for (let b = 1; b <= mask && b > 0; b <<= 1) if (mask & b) bits.push(b);
  return bits;
}
