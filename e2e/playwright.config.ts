import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 18080);
// Set once in the runner and inherited by its workers, so a test can open a second server instance
// on the same database (as a second instance behind a load balancer would).
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'simshop-e2e-'));
const dataDir = process.env.E2E_DATA_DIR;
const root = path.resolve(import.meta.dirname, '..');

/** Browser tests: the built app served by the real server on a fresh demo database, in Debian's Chromium. */
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.e2e.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    viewport: { width: 375, height: 812 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'en-US',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
    },
  },
  webServer: {
    command: `node ${path.join(root, 'apps/server/dist/server.js')}`,
    url: `http://127.0.0.1:${port}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', RATE_LIMIT_MAX: '100000' },
  },
});
