/** Start-up on storage that refuses writes: the server entry run as `npm start` runs it, and files made read-only. */
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../../..');
const serverEntry = path.join(root, 'apps/server/src/server.ts');

/** Makes a file or directory refuse writes, even to root (which ignores permission bits). */
export function lock(target: string): void {
  if (process.getuid?.() === 0) execFileSync('chattr', ['+i', target]);
  else chmodSync(target, 0o555);
}
export function unlock(target: string): void {
  if (process.getuid?.() === 0) execFileSync('chattr', ['-i', target]);
  else chmodSync(target, 0o755);
}

/** Runs the server entry as `npm start` does, without building; returns its exit and stderr (a server that starts is stopped after `timeout`). */
export function start(dataDir: string, env: NodeJS.ProcessEnv = {}, timeout = 60_000): { status: number | null; stderr: string } {
  const r = spawnSync(process.execPath, ['--import', 'tsx', serverEntry], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      DATA_DIR: dataDir,
      PORT: '18291',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      JOBS: 'off',
      ...env,
    },
    encoding: 'utf8',
    timeout,
  });
  return { status: r.status, stderr: r.stderr };
}

export const NOT_WRITABLE = '(EPERM: operation not permitted|EACCES: permission denied)';

/** A read-only DATA_DIR (the uploads' home) and a database that takes writes. */
export function refusesToStart(database: string) {
  const dir = mkdtempSync(path.join(tmpdir(), 'simshop-ro-'));
  lock(dir);
  try {
    const { status, stderr } = start(dir, { DATABASE_URL: database }, 30_000);
    expect(status).toBe(1);
    const lines = stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`^DATA_DIR ${dir} is not writable \\(uploads go to ${dir}/uploads\\): ${NOT_WRITABLE}, mkdir `));
  } finally {
    unlock(dir);
    rmSync(dir, { recursive: true, force: true });
  }
}
