import { describe, expect, it } from 'vitest';
import { carrierSecretKey, seal, unseal } from './secret-box.ts';

describe('carrier secrets at rest', () => {
  const key = Buffer.alloc(32, 9);

  it('seals with a fresh IV each time and opens with the same key only', () => {
    const a = seal(key, 'onelink-密码-1');
    const b = seal(key, 'onelink-密码-1');
    expect(a).not.toBe(b);
    expect(a.startsWith('v1.')).toBe(true);
    expect(a).not.toContain('onelink');
    expect(unseal(key, a)).toBe('onelink-密码-1');
    expect(unseal(key, b)).toBe('onelink-密码-1');
    expect(() => unseal(Buffer.alloc(32, 8), a)).toThrow();
  });

  it('refuses a value altered at rest', () => {
    const sealed = seal(key, 'secret');
    const [v, iv, tag, data] = sealed.split('.');
    const flipped = Buffer.from(data!, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    expect(() => unseal(key, [v, iv, tag, flipped.toString('base64url')].join('.'))).toThrow();
    expect(() => unseal(key, 'plain-text')).toThrow('not a sealed carrier secret');
  });

  it('keeps "no secret" empty', () => {
    expect(seal(key, '')).toBe('');
    expect(unseal(key, '')).toBe('');
  });

  it('takes the configured key, else one derived from the data directory (stable, different per directory)', () => {
    expect(carrierSecretKey({ carrierSecretKey: key, dataDir: '/srv/a' })).toBe(key);
    const a1 = carrierSecretKey({ carrierSecretKey: null, dataDir: '/srv/a' });
    const a2 = carrierSecretKey({ carrierSecretKey: null, dataDir: '/srv/a' });
    const b = carrierSecretKey({ carrierSecretKey: null, dataDir: '/srv/b' });
    expect(a1).toHaveLength(32);
    expect(a1.equals(a2)).toBe(true);
    expect(a1.equals(b)).toBe(false);
  });
});
