import { describe, expect, it } from 'vitest';
import { chinaStamp, orderNumber } from './order-no.ts';

describe('order numbers', () => {
  it('stamps the China date: 23:30 UTC on the 22nd is 07:30 on the 23rd in Beijing', () => {
    expect(chinaStamp(Date.UTC(2026, 10, 22, 23, 30, 0))).toBe('20261123073000');
  });

  it('keeps the UTC date after 16:00 UTC rolls over in China', () => {
    expect(chinaStamp(Date.UTC(2026, 11, 31, 16, 0, 1))).toBe('20270101000001');
  });

  it('is the prefix, the stamp and the requested count of digits', () => {
    expect(orderNumber('N', Date.UTC(2026, 10, 22, 23, 30, 0))).toMatch(/^N20261123073000\d{6}$/);
    expect(orderNumber('I', Date.UTC(2026, 10, 22, 23, 30, 0), 12)).toMatch(/^I20261123073000\d{12}$/);
  });
});
