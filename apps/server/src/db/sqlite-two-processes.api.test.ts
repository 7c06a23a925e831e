import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, expect, it } from 'vitest';
import { openDb } from './kysely.ts';

/**
 * The embedded database file written by two processes: the server and a CLI, or a second instance
 * such as the browser tests' helper. Runs on SQLite whichever database the suite is for.
 */
const dir = mkdtempSync(path.join(tmpdir(), 'simshop-two-processes-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const driver = createRequire(import.meta.url).resolve('better-sqlite3');

/**
 * Another process on the file: it opens the database and says "ready"; on "go" it adds `delta` to
 * row 1 of `t` (waiting up to 5 s for the write lock) and says "done".
 */
function otherProcess(file: string, delta: number) {
  const code = `const D = require(process.argv[1]); const db = new D(process.argv[2]); db.pragma('busy_timeout = 5000');
    process.stdout.write('ready\\n');
    process.stdin.once('data', () => { db.prepare('update t set n = n + ? where id = 1').run(Number(process.argv[3])); db.close(); process.stdout.write('done\\n'); process.exit(0); });`;
  const child = spawn(process.execPath, ['-e', code, driver, file, String(delta)], { stdio: ['pipe', 'pipe', 'pipe'] });
  let out = '';
  let stderr = '';
  child.stdout.on('data', (d) => {
    out += d;
  });
  const ready = new Promise<void>((resolve) => child.stdout.on('data', () => out.includes('ready\n') && resolve()));
  child.stderr.on('data', (d) => {
    stderr += d;
  });
  const exited = new Promise<{ code: number | null; stderr: string }>((resolve) =>
    child.on('exit', (status) => resolve({ code: status, stderr })),
  );
  return { ready, go: () => child.stdin.write('go\n'), isDone: () => out.includes('done\n'), exited };
}

it('a transaction that read first still writes when another process wrote the file meanwhile: both changes are kept', async () => {
  const file = path.join(dir, 'shop.db');
  const db = openDb({ dialect: 'sqlite', file });
  try {
    await sql`create table t (id integer primary key, n integer not null)`.execute(db.db);
    await sql`insert into t (id, n) values (1, 0)`.execute(db.db);
    const other = otherProcess(file, 10);
    await other.ready;
    let doneBeforeCommit = false;
    await db.db.transaction().execute(async (trx) => {
      const before = await sql<{ n: number }>`select n from t where id = 1`.execute(trx);
      expect(before.rows).toEqual([{ n: 0 }]);
      other.go();
      // Time enough for the other process to write, had it not had to wait for this transaction.
      await new Promise((r) => setTimeout(r, 500));
      doneBeforeCommit = other.isDone();
      await sql`update t set n = n + 1 where id = 1`.execute(trx);
    });
    expect(doneBeforeCommit).toBe(false);
    expect(await other.exited).toEqual({ code: 0, stderr: '' });
    const after = await sql<{ n: number }>`select n from t where id = 1`.execute(db.db);
    expect(after.rows).toEqual([{ n: 11 }]);
  } finally {
    await db.destroy();
  }
});

it('the embedded database is opened in WAL mode with SQLite’s own 2 MB page cache (decision 0060)', async () => {
  const db = openDb({ dialect: 'sqlite', file: path.join(dir, 'pragmas.db') });
  try {
    const journal = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(db.db);
    const cache = await sql<{ cache_size: number }>`pragma cache_size`.execute(db.db);
    expect(journal.rows).toEqual([{ journal_mode: 'wal' }]);
    expect(cache.rows).toEqual([{ cache_size: -2000 }]);
  } finally {
    await db.destroy();
  }
});
