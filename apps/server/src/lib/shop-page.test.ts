import type { BaseConfig } from '@simshop/contract/site';
import { describe, expect, it } from 'vitest';
import { shopPage } from './shop-page.ts';

const TEMPLATE = '<!doctype html><html><head><title>Shop</title></head><body><div id="root"></div></body></html>';

/** A base config with only what the page uses filled in. */
const configWith = (image: string, promoName: string) =>
  ({ promoName, front: { indexCarousel: image ? [{ image, link: '', title: '' }] : [] } }) as unknown as BaseConfig;

describe('shopPage', () => {
  it('puts the config in a data block and preloads the first banner, before the end of the head', () => {
    const page = shopPage(TEMPLATE, configWith('/shop/static/banner-1.en.svg', 'Demo'), 'en');
    expect(page).toBe(
      '<!doctype html><html><head><title>Shop</title>' +
        '<link rel="preload" as="image" href="/shop/static/banner-1.en.svg" fetchpriority="high">' +
        '<script id="shop-boot" type="application/json">' +
        '{"language":"en","config":{"promoName":"Demo","front":{"indexCarousel":[{"image":"/shop/static/banner-1.en.svg","link":"","title":""}]}}}' +
        '</script></head><body><div id="root"></div></body></html>',
    );
  });

  it('escapes what could end the script element, and preloads no banner of another origin', () => {
    const page = shopPage(TEMPLATE, configWith('//cdn.example.com/a.png', '</script><script>alert(1)</script> & \u2028'), 'zh-Hans');
    expect(page).not.toContain('rel="preload"');
    expect(page).toContain('"promoName":"\\u003c/script\\u003e\\u003cscript\\u003ealert(1)\\u003c/script\\u003e \\u0026 \\u2028"');
    expect(page.match(/<\/script>/g)).toHaveLength(1);
  });

  it('escapes the banner address in its attribute', () => {
    const page = shopPage(TEMPLATE, configWith('/shop/a".svg?x=1&y=<2>', 'Demo'), 'en');
    expect(page).toContain('href="/shop/a&quot;.svg?x=1&amp;y=&lt;2&gt;"');
  });
});
