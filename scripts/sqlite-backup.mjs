// npm run backup [-- <file>]: copies the SQLite database with SQLite's online backup API, so the
// server may keep running (and writing) meanwhile; the copy is checked before it is kept.
// npm run restore -- <backup> [<database>] [--force]: puts a backup in place of a database (the
// configured one by default). Stop the server first; the database it replaces is kept beside it.
// The database is the one the server uses: DATABASE_URL=sqlite:<path>, else $DATA_DIR/shop.db.
// PostgreSQL is backed up with pg_dump / pg_restore (see the README).
import { existsSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';

function configuredDatabase() {
  const url = process.env.DATABASE_URL;
  if (url && /^postgres/.test(url)) {
    fail('DATABASE_URL names PostgreSQL: back it up with pg_dump and restore it with pg_restore (see the README).');
  }
  if (url) return path.resolve(url.replace(/^(sqlite:|file:)/, ''));
  return path.join(path.resolve(process.env.DATA_DIR || './data'), 'shop.db');
}

function fail(message) {
  console.error(message);
  process.exit(1);
}

const stamp = () => new Date().toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);

/** Opens a file read-only and checks it is a whole, consistent SQLite database. */
function check(file) {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const result = db.pragma('integrity_check', { simple: true });
    if (result !== 'ok') fail(`${file} is damaged: ${result}`);
    return db.prepare("select count(*) as n from sqlite_master where type = 'table'").get().n;
  } finally {
    db.close();
  }
}

async function backup(args) {
  const source = configuredDatabase();
  if (!existsSync(source)) fail(`no database at ${source}`);
  const target = path.resolve(args[0] ?? path.join(path.dirname(source), 'backups', `shop-${stamp()}.db`));
  if (existsSync(target)) fail(`${target} exists already: name another file`);
  mkdirSync(path.dirname(target), { recursive: true });
  const db = new Database(source, { fileMustExist: true });
  // SQLite waits (up to 5 s per step) when the server holds a write lock at that moment.
  db.pragma('busy_timeout = 5000');
  try {
    await db.backup(target);
  } finally {
    db.close();
  }
  const tables = check(target);
  console.log(`backed up ${source} to ${target} (${tables} tables, ${statSync(target).size} bytes)`);
}

async function restore(args) {
  const force = args.includes('--force');
  const [from, to] = args.filter((a) => a !== '--force');
  if (!from) fail('usage: npm run restore -- <backup file> [<database file>] [--force]');
  const source = path.resolve(from);
  const target = path.resolve(to ?? configuredDatabase());
  if (source === target) fail('the backup and the database are the same file');
  check(source);
  if (existsSync(target) && !force) {
    fail(`${target} exists: stop the server and add --force to replace it (it is kept as ${path.basename(target)}.before-restore-<time>)`);
  }
  mkdirSync(path.dirname(target), { recursive: true });
  const partial = `${target}.restoring`;
  rmSync(partial, { force: true });
  const db = new Database(source, { readonly: true, fileMustExist: true });
  try {
    await db.backup(partial);
  } finally {
    db.close();
  }
  check(partial);
  if (existsSync(target)) {
    const kept = `${target}.before-restore-${stamp()}`;
    // The database with its write-ahead log, so the kept copy is whole.
    const old = new Database(target);
    old.pragma('wal_checkpoint(TRUNCATE)');
    old.close();
    renameSync(target, kept);
    console.log(`the database it replaces is kept as ${kept}`);
  }
  for (const suffix of ['-wal', '-shm']) rmSync(`${target}${suffix}`, { force: true });
  renameSync(partial, target);
  console.log(`restored ${source} to ${target}`);
}

const [command, ...args] = process.argv.slice(2);
if (command === 'backup') await backup(args);
else if (command === 'restore') await restore(args);
else fail('usage: sqlite-backup.mjs backup [<file>] | restore <backup file> [<database file>] [--force]');
