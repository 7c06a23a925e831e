import { describe, expect, it } from 'vitest';
import { parsePreview } from './preview.ts';

describe('parsePreview', () => {
  it('takes the digits of IotLayout:{digits}', () => {
    expect(parsePreview('IotLayout:1440000000001')).toBe('1440000000001');
    expect(parsePreview('IotLayout:7')).toBe('7');
    expect(parsePreview(`IotLayout:${'8'.repeat(20)}`)).toBe('8'.repeat(20));
  });
  it('refuses anything else', () => {
    for (const value of [
      'IotLayout:',
      'IotLayout:12a',
      'IotLayout: 123',
      'IotLayout:123\n',
      'IotLayout:+8613800138000',
      'IotLayout:１２３',
      'iotlayout:123',
      'Other:123',
      ' IotLayout:123',
      `IotLayout:${'8'.repeat(21)}`,
      '',
      null,
      undefined,
    ]) {
      expect(parsePreview(value), String(value)).toBeNull();
    }
  });
});
