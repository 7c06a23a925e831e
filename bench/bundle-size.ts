// The JavaScript /shop/ loads before its first paint: every script the browser fetches until the
// home page shows, measured by their gzip sizes. Needs `npm run build` first and Debian's Chromium.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { root, startServer } from './lib.ts';

const port = 18992;
const server = await startServer(port);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
try {
  const page = await browser.newPage({ viewport: { width: 375, height: 812 } });
  const scripts: string[] = [];
  page.on('request', (req) => {
    if (req.resourceType() === 'script') scripts.push(new URL(req.url()).pathname);
  });
  await page.goto(`http://127.0.0.1:${port}/shop/`);
  await page.locator('.tab-bar').waitFor();
  const paint = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? -1);
  const dist = path.join(root, 'apps/web/dist');
  let total = 0;
  console.log('| script | gzip KiB |');
  console.log('|---|---|');
  for (const s of [...new Set(scripts)]) {
    const file = path.join(dist, s.replace(/^\/shop\//, ''));
    if (!existsSync(file)) continue;
    const size = gzipSync(readFileSync(file), { level: 9 }).length;
    total += size;
    console.log(`| ${path.basename(file)} | ${(size / 1024).toFixed(1)} |`);
  }
  console.log(`| **total before the home page shows** | **${(total / 1024).toFixed(1)}** |`);
  console.log(`first contentful paint (local, unthrottled): ${paint.toFixed(0)} ms`);
} finally {
  await browser.close();
  server.kill();
}
