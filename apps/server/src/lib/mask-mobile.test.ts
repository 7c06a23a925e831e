import { describe, expect, it } from 'vitest';
import { maskMobile } from './mask-mobile.ts';

describe('maskMobile', () => {
  it('keeps the first three and last four digits', () => {
    expect(maskMobile('13800138001')).toBe('138****8001');
  });

  it('hides a short number entirely and leaves an empty one empty', () => {
    expect(maskMobile('123456')).toBe('****');
    expect(maskMobile('')).toBe('');
  });
});
