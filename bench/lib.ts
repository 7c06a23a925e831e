import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

export const root = path.resolve(import.meta.dirname, '..');

export interface Figures {
  label: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

/** Loads one url with autocannon from this process; the server runs in another process. */
export async function measure(
  label: string,
  url: string,
  options: { connections?: number; duration?: number; headers?: Record<string, string>; method?: 'GET' | 'POST'; body?: string } = {},
): Promise<Figures> {
  const result = await autocannon({
    url,
    connections: options.connections ?? 20,
    duration: options.duration ?? 8,
    headers: options.headers,
    method: options.method ?? 'GET',
    body: options.body,
  });
  return {
    label,
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

/** Starts a Node script (TypeScript through tsx) and resolves once `readyUrl` answers. */
export async function startProcess(args: string[], env: Record<string, string>, readyUrl: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(readyUrl);
      if (res.ok) return child;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill();
  throw new Error(`${args.join(' ')} did not start`);
}

/** The product server from its build, on a fresh demo database, with the rate limit raised. */
export function startServer(port: number, extraEnv: Record<string, string> = {}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'simshop-bench-'));
  return startProcess(
    [path.join(root, 'apps/server/dist/server.js')],
    { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', RATE_LIMIT_MAX: '100000000', JOBS: 'off', ...extraEnv },
    `http://127.0.0.1:${port}/healthz`,
  );
}

/** A bare Fastify hello route, the yardstick every ratio is taken against. */
export function startBare(port: number) {
  return startProcess([path.join(root, 'bench/bare-server.mjs')], { PORT: String(port) }, `http://127.0.0.1:${port}/`);
}

export function table(rows: Figures[], baseline: Figures): void {
  console.log('| what | req/s | p50 ms | p99 ms | vs bare | non-2xx | errors |');
  console.log('|---|---|---|---|---|---|---|');
  for (const r of rows) {
    const ratio = (r.requestsPerSecond / baseline.requestsPerSecond).toFixed(2);
    console.log(`| ${r.label} | ${r.requestsPerSecond} | ${r.p50} | ${r.p99} | ${ratio}× | ${r.non2xx} | ${r.errors} |`);
  }
}
