import { describe, expect, it } from 'vitest';
import { parsePreview } from './preview.ts';

describe('parsePreview', () => {
  it('takes the digits of IotLayout:{digits}', () => {
    expect(parsePreview('IotLayout:1440000000001')).toBe('1440000000001');
  });
  it('ignores anything else', () => {
    expect(parsePreview('IotLayout:')).toBeNull();
    expect(parsePreview('IotLayout:12a')).toBeNull();
    expect(parsePreview('Other:123')).toBeNull();
    expect(parsePreview(null)).toBeNull();
  });
});
