import { describe, expect, it } from 'vitest';
import { grouped, money, yuan } from './money.ts';

describe('money', () => {
  it('groups integers by thousands', () => {
    expect(grouped(0)).toBe('0');
    expect(grouped(999)).toBe('999');
    expect(grouped(1000)).toBe('1,000');
    expect(grouped(1234567)).toBe('1,234,567');
    expect(grouped(-12345)).toBe('-12,345');
  });

  it('writes fen as yuan, with cents only when there are some', () => {
    expect(yuan(0)).toBe('0');
    expect(yuan(128800)).toBe('1,288');
    expect(yuan(128850)).toBe('1,288.50');
    expect(yuan(5)).toBe('0.05');
    expect(yuan(-5)).toBe('-0.05');
    expect(yuan(-150)).toBe('-1.50');
    expect(yuan(-100000)).toBe('-1,000');
    expect(money(990)).toBe('¥9.90');
  });
});
