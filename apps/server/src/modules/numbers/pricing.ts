import type { PatternTag } from '@simshop/contract/numbers';

/**
 * Suggested prices of a number from its patterns, in fen: the seed uses them and the operator
 * tools will offer them as defaults. A pattern at the tail is worth more than the same one inside.
 */

const YUAN = 100;

function tagPrice(tag: PatternTag, number: string): number {
  const tail = (n: number) => new Set(number.slice(-n)).size === 1;
  switch (tag) {
    case 'AAAA':
      if (number.endsWith('8888') || number.endsWith('6666') || number.endsWith('9999')) return 58_888;
      return tail(4) ? 9_999 : 1_999;
    case 'AAA':
      if (number.endsWith('888')) return 2_888;
      return tail(3) ? 999 : 199;
    case 'AABB':
    case 'ABAB':
      return /(\d)\1(\d)\2$|(\d)(\d)\3\4$/.test(number) ? 599 : 299;
    case 'ABBA':
      return 199;
    case 'ASC':
    case 'DESC':
      return 399;
    case 'TAIL520':
    case 'TAIL1314':
      return 520;
    case 'YYYYMMDD':
      return 888;
    case 'TAIL8':
      return 199;
    case 'TAIL6':
    case 'TAIL9':
      return 99;
    case 'MMDD':
      return 66;
    case 'NO4':
      return 0;
  }
}

export interface SuggestedPrice {
  price: number;
  prestored: number;
  /** Lowest monthly package fee the number may be ordered with. */
  minMonthlyFee: number;
}

export function suggestedPrice(tags: readonly PatternTag[], number: string): SuggestedPrice {
  const best = Math.max(0, ...tags.map((t) => tagPrice(t, number)));
  const yuan = best + (tags.includes('NO4') ? 20 : 0);
  const prestored = yuan >= 10_000 ? 1_000 : yuan >= 1_000 ? 300 : 100;
  const minMonthlyFee = yuan >= 20_000 ? 198 : yuan >= 5_000 ? 128 : yuan >= 500 ? 58 : 0;
  return { price: yuan * YUAN, prestored: prestored * YUAN, minMonthlyFee: minMonthlyFee * YUAN };
}
