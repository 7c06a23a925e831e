/**
 * The JavaScript a phone downloads before each entry page first shows: every script the page had
 * started fetching in the frame its first content appeared (noted by the page itself, with the
 * scripts' start times from resource timing), by gzip size (level 9, as served pre-compressed). Entry pages: the storefront home `/shop/`, the SIM login, and the SIM dashboard
 * (with a session in storage, as a returning holder opens it).
 *
 *   npx tsx bench/bundle-size.ts         (after `npm run build`; Debian's Chromium)
 *
 * Budgets: ≤150 KiB gzip on the home and the SIM login, ≤175 KiB on the SIM dashboard.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { type Row, root, round2, row, startServer } from './lib.ts';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

interface Entry {
  name: string;
  hash: string;
  /** What is on screen once the page has painted its content. */
  ready: string;
  session?: boolean;
  /** KiB gzip at most. */
  budget: number;
}

export const ENTRIES: Entry[] = [
  { name: 'storefront home', hash: '#/pages/index/index', ready: '.tab-bar', budget: 150 },
  { name: 'SIM login', hash: '#/pages/iot/login/index', ready: 'input', budget: 150 },
  { name: 'SIM dashboard', hash: '#/pages/iot/index/index', ready: '[data-testid="sim-dashboard"]', session: true, budget: 175 },
];

/** A SIM session for the demo card, as the app keeps it in localStorage. */
/** The demo card's login: its request (path and JSON body), and the session it gives. */
export const DEMO_SIM_LOGIN = { path: '/api/simLogin', body: JSON.stringify({ sn: '1440000000001', agreeProtocol: true }) };
export type SimSession = { simNo: string; token: string };

export function simSessionOf(reply: unknown): SimSession {
  const b = reply as { code: number; data: SimSession };
  if (b.code !== 0) throw new Error(`demo login failed: ${JSON.stringify(b)}`);
  return b.data;
}

export async function demoSimSession(base: string): Promise<SimSession> {
  const res = await fetch(`${base}${DEMO_SIM_LOGIN.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: DEMO_SIM_LOGIN.body,
  });
  return simSessionOf(await res.json());
}

export const sessionScript = (s: SimSession) =>
  `localStorage.setItem('simshop-session', ${JSON.stringify(JSON.stringify({ state: { simNo: s.simNo, token: s.token, loginSns: [s.simNo], iotIndexPopupPrevent: true }, version: 1 }))})`;

export async function bundleSizeBench(): Promise<Row[]> {
  const server = await startServer();
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  const rows: Row[] = [];
  try {
    const dist = path.join(root, 'apps/web/dist');
    for (const e of ENTRIES) {
      const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
      if (e.session) await context.addInitScript(sessionScript(await demoSimSession(server.url)));
      // The page notes the moment its ready element first appears; the scripts counted are those
      // it had started fetching by then (resource timing), whatever loads after the first paint.
      // (A string, not a function: the script runs in the page as written.)
      await context.addInitScript(
        `(() => { const frame = () => { if (document.querySelector(${JSON.stringify(e.ready)})) window.__readyAt = performance.now(); else requestAnimationFrame(frame); }; requestAnimationFrame(frame); })()`,
      );
      const page = await context.newPage();
      await page.goto(`${server.url}/shop/${e.hash}`);
      await page.locator(e.ready).first().waitFor();
      await page.waitForLoadState('networkidle');
      const before = await page.evaluate(() => {
        const readyAt = (window as unknown as { __readyAt: number }).__readyAt;
        return performance
          .getEntriesByType('resource')
          .filter((r) => r.startTime <= readyAt && new URL(r.name).pathname.endsWith('.js'))
          .map((r) => new URL(r.name).pathname);
      });
      let total = 0;
      const parts: string[] = [];
      for (const s of before) {
        const file = path.join(dist, s.replace(/^\/shop\//, ''));
        if (!existsSync(file)) continue;
        const size = gzipSync(readFileSync(file), { level: 9 }).length;
        total += size;
        parts.push(`${path.basename(file).replace(/-[\w-]{8}\.js$/, '')} ${(size / 1024).toFixed(1)}`);
      }
      rows.push(row('first paint JS', e.name, round2(total / 1024), 'KiB gzip', { op: '<=', limit: e.budget }, parts.sort().join(', ')));
      await context.close();
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  return rows;
}

if (process.argv[1] === import.meta.filename) {
  const { report } = await import('./report.ts');
  process.exitCode = report(await bundleSizeBench()) ? 0 : 1;
}
