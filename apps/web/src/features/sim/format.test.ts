import { describe, expect, it } from 'vitest';
import { flowText, maskNo, usedRatio, yuan } from './format.ts';

describe('sim formatting', () => {
  it('formats fen as yuan', () => {
    expect(yuan(0)).toBe('0.00');
    expect(yuan(5)).toBe('0.05');
    expect(yuan(12345)).toBe('123.45');
    expect(yuan(-250)).toBe('-2.50');
  });

  it('formats MB with the fitting unit', () => {
    expect(flowText(0)).toBe('0 MB');
    expect(flowText(1023)).toBe('1023 MB');
    expect(flowText(1024)).toBe('1 GB');
    expect(flowText(1536)).toBe('1.5 GB');
    expect(flowText(10 * 1024 + 10)).toBe('10.01 GB');
    expect(flowText(2 * 1024 * 1024)).toBe('2 TB');
  });

  it('bounds the used ratio', () => {
    expect(usedRatio(5, 0)).toBe(0);
    expect(usedRatio(512, 1024)).toBe(0.5);
    expect(usedRatio(2048, 1024)).toBe(1);
  });

  it('masks the middle of a long card number only', () => {
    expect(maskNo('1440000000001')).toBe('1440****0001');
    expect(maskNo('12345678')).toBe('12345678');
  });
});
