import { describe, expect, it } from 'vitest';
import { Texts } from './service.ts';

const doc = { title: '续费享九折', image: '/shop/static/banner-renew.svg', link: '/pages/iot/index/package/index' };

describe('a document in a language', () => {
  const stored = new Map([
    ['7\u0000banner.title', 'Renew, save 10%'],
    ['7\u0000banner.image', '/shop/static/banner-renew.en.svg'],
  ]);

  it('takes each Chinese string and each string stored for the language by its path', () => {
    expect(new Texts('en', stored).document(7, 'banner', doc)).toEqual({
      title: 'Renew, save 10%',
      image: '/shop/static/banner-renew.en.svg',
      link: '/pages/iot/index/package/index',
    });
  });

  it('keeps other strings as they are, and converts Chinese without a stored text to Traditional', () => {
    expect(new Texts('zh-Hant', new Map()).document(7, 'banner', doc)).toEqual({
      title: '續費享九折',
      image: '/shop/static/banner-renew.svg',
      link: '/pages/iot/index/package/index',
    });
  });

  it('is the stored document in Simplified Chinese', () => {
    expect(new Texts('zh-Hans', stored).document(7, 'banner', doc)).toEqual(doc);
  });
});
