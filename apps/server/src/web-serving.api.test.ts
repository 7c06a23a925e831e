import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/helpers.ts';

/** A built web app of its own: the shell (also gzipped), a hashed asset and a plain file. */
function webDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'simshop-web-'));
  const shell = '<!doctype html><html><body><div id="root"></div><script src="assets/index-3f2a9c1b.js"></script></body></html>';
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
