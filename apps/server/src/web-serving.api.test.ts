import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/helpers.ts';

/** A built web app of its own: the shell (also gzipped), a hashed asset and a plain file. */
function webDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'simshop-web-'));
  const shell =
    '<!doctype html><html><head><title>Shop</title></head><body><div id="root"></div><script src="assets/index-3f2a9c1b.js"></script></body></html>';
  writeFileSync(path.join(dir, 'index.html'), shell);
  writeFileSync(path.join(dir, 'index.html.gz'), gzipSync(shell));
  writeFileSync(path.join(dir, 'terms.html'), '<!doctype html><p>terms</p>');
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'assets', 'index-3f2a9c1b.js'), 'console.log(1);');
  writeFileSync(path.join(dir, 'robots.txt'), 'User-agent: *\n');
  return dir;
}

let dir: string;
let t: TestApp;
beforeAll(async () => {
  dir = webDir();
  t = await createTestApp({ webDir: dir, rateLimit: { max: 3, windowMs: 60_000 } }, { SEED_NUMBERS: '200' });
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('cache headers of the web app', () => {
  it.each([
    ['/shop/', 'no-cache'],
    ['/shop', 'no-cache'],
    ['/shop/index.html', 'no-cache'],
    ['/shop/terms.html', 'no-cache'],
    ['/shop/assets/index-3f2a9c1b.js', 'public, max-age=31536000, immutable'],
    ['/shop/robots.txt', 'public, max-age=300'],
  ])('%s: %s', async (url, cacheControl) => {
    const res = await t.app.inject({ url, remoteAddress: '192.0.2.1' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe(cacheControl);
  });

  it('keeps the shell uncached when it is sent pre-compressed', async () => {
    const res = await t.app.inject({ url: '/shop/', headers: { 'accept-encoding': 'gzip' }, remoteAddress: '192.0.2.2' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['cache-control']).toBe('no-cache');
  });
});

describe('the shop page', () => {
  /** The data block of a page, parsed. */
  const bootOf = (html: string) => JSON.parse(/<script id="shop-boot" type="application\/json">(.*?)<\/script>/.exec(html)![1]!);

  it('carries the default storefront’s config in the language the browser asks for, and preloads its first banner', async () => {
    const en = await t.app.inject({ url: '/shop/', headers: { 'accept-language': 'en-US,en;q=0.9' }, remoteAddress: '192.0.2.3' });
    expect(en.headers['content-type']).toBe('text/html; charset=utf-8');
    const boot = bootOf(en.body);
    expect(boot.language).toBe('en');
    expect(boot.config).toMatchObject({ promoCode: 'demo', promoName: 'Number Select official store' });
    expect(boot.config.front.indexCarousel[0].image).toBe('/shop/static/banner-1.en.svg');
    expect(en.body).toContain('<link rel="preload" as="image" href="/shop/static/banner-1.en.svg" fetchpriority="high">');
    expect(en.body).toContain('<title>Shop</title>');
    expect(en.body).toContain('<div id="root"></div>');

    const zh = await t.app.inject({ url: '/shop/', headers: { 'accept-language': 'zh-TW' }, remoteAddress: '192.0.2.3' });
    expect(bootOf(zh.body)).toMatchObject({ language: 'zh-Hant', config: { promoCode: 'demo' } });
  });

  it('is sent gzipped to a client that takes it, with the same text', async () => {
    const headers = { 'accept-language': 'en' };
    const plain = await t.app.inject({ url: '/shop/', headers, remoteAddress: '192.0.2.4' });
    const zipped = await t.app.inject({
      url: '/shop/',
      headers: { ...headers, 'accept-encoding': 'gzip, br' },
      remoteAddress: '192.0.2.4',
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toBe('accept-encoding');
    expect(gunzipSync(zipped.rawPayload).toString('utf8')).toBe(plain.body);
  });
});

describe('the per-IP limit', () => {
  it.each([
    ['/shop/', 200],
    ['/shop/assets/index-3f2a9c1b.js', 200],
    ['/', 302],
    ['/provinces/000000.json', 200],
    ['/healthz', 200],
  ])('never refuses %s', async (url, status) => {
    const remoteAddress = '198.51.100.20';
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await t.app.inject({ url, remoteAddress })).statusCode);
    expect(statuses).toEqual([status, status, status, status, status, status]);
  });

  it('refuses the API over the limit with the JSON envelope', async () => {
    const remoteAddress = '198.51.100.21';
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await t.app.inject({ url: '/api/hk/baseConfig', remoteAddress })).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const refused = await t.app.inject({ url: '/api/hk/baseConfig', remoteAddress });
    expect(refused.json()).toMatchObject({ code: -1, data: null });
  });
});
