import { describe, expect, it } from 'vitest';
import { addRecentLogin, maskMobile, RECENT_LOGINS } from './session.ts';

describe('recent SIM logins', () => {
  it('keeps the 5 most recent, most recent first, without repeats', () => {
    let list: string[] = [];
    for (const n of ['1', '2', '3', '4', '5', '6']) list = addRecentLogin(list, n);
    expect(list).toEqual(['6', '5', '4', '3', '2']);
    expect(list).toHaveLength(RECENT_LOGINS);
    expect(addRecentLogin(list, '3')).toEqual(['3', '6', '5', '4', '2']);
  });
});

describe('maskMobile', () => {
  it('shows the first three and last four digits of a mobile', () => {
    expect(maskMobile('13800138000')).toBe('138****8000');
  });

  it('leaves anything else as it is', () => {
    expect(maskMobile('')).toBe('');
    expect(maskMobile('400-800-1234')).toBe('400-800-1234');
  });
});
