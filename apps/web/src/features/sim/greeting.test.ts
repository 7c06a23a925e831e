import { describe, expect, it } from 'vitest';
import { greetingBand, greetingBandAt } from './greeting.ts';

describe('greetingBand (spec §9)', () => {
  it.each([
    [5, 'sleep'],
    [6, 'morning'],
    [10, 'morning'],
    [11, 'noon'],
    [13, 'noon'],
    [14, 'afternoon'],
    [19, 'afternoon'],
    [20, 'evening'],
    [21, 'evening'],
    [22, 'sleep'],
    [23, 'sleep'],
    [0, 'sleep'],
  ] as const)('hour %i is %s', (hour, band) => {
    expect(greetingBand(hour)).toBe(band);
  });

  it('uses the minutes only through the hour: 10:59 is still morning, 11:00 noon', () => {
    expect(greetingBandAt(new Date(2026, 0, 1, 10, 59))).toBe('morning');
    expect(greetingBandAt(new Date(2026, 0, 1, 11, 0))).toBe('noon');
    expect(greetingBandAt(new Date(2026, 0, 1, 19, 59))).toBe('afternoon');
    expect(greetingBandAt(new Date(2026, 0, 1, 22, 0))).toBe('sleep');
  });

  it('wraps hours outside 0-23', () => {
    expect(greetingBand(24 + 7)).toBe('morning');
    expect(greetingBand(-1)).toBe('sleep');
  });
});
