import { describe, expect, it } from 'vitest';
import { unstorableTextPath } from './input-text.ts';

describe('unstorableTextPath', () => {
  it('accepts text the databases store as sent, emoji and right-to-left included', () => {
    expect(
      unstorableTextPath({ a: 'plain', b: ['😀👨‍👩‍👧', 'مرحبا', '\u202Eabc'], c: { d: 1, e: null, f: true } }, 'body'),
    ).toBeUndefined();
    expect(unstorableTextPath(undefined, 'querystring')).toBeUndefined();
    expect(unstorableTextPath('', 'body')).toBeUndefined();
  });

  it('names the field holding a NUL or an unpaired surrogate', () => {
    expect(unstorableTextPath({ promoCode: 'de\u0000mo' }, 'querystring')).toBe('promoCode');
    expect(unstorableTextPath({ address: { detail: 'x\uD800' } }, 'body')).toBe('address.detail');
    expect(unstorableTextPath({ list: ['ok', 'a\uDC00b'] }, 'body')).toBe('list[1]');
    expect(unstorableTextPath(['ok', '\u0000'], 'body')).toBe('body[1]');
    expect(unstorableTextPath('raw\u0000', 'body')).toBe('body');
  });

  it('names the parent of a bad or odd key', () => {
    expect(unstorableTextPath({ address: { 'a\u0000': 1 } }, 'body')).toBe('address');
    expect(unstorableTextPath({ 'a b': { c: '\u0000' } }, 'body')).toBe('body');
  });

  it('walks deeply nested input without exhausting the stack', () => {
    let deep: unknown = '\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(unstorableTextPath(deep, 'body')).toBe('body[0][0][0][0][0][0][0][0]');
  });
});
