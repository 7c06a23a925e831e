/**
 * Every difference between SQLite and PostgreSQL lives here: connection set-up, column types
 * for migrations, row locks and error classification. Business code never branches on dialect.
 */
import { closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  type ColumnDefinitionBuilder,
  CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  PostgresDialect,
  type SelectQueryBuilder,
  SqliteDialect,
  SqliteDriver,
  sql,
} from 'kysely';
import type pg from 'pg';
import type { DatabaseTarget } from '../config.ts';
import { lazyRequire } from '../lib/lazy-require.ts';
import { directoryProblem } from '../lib/writable.ts';
import type { Database } from './schema.ts';
import { StatementNames } from './statement-names.ts';

export type DialectName = DatabaseTarget['dialect'];

// int8 (bigint: ids, epoch-millisecond times) and numeric (sums) come back as JS numbers; every
// value we store is far below 2^53.
// The driver is loaded when a PostgreSQL database is opened (a SQLite deployment never loads it).
const loadPg = lazyRequire<typeof pg>('pg');
let typesSet = false;
function pgDriver(): typeof pg {
  const driver = loadPg();
  if (!typesSet) {
    driver.types.setTypeParser(20, (v) => Number.parseInt(v, 10));
    driver.types.setTypeParser(1700, (v) => Number(v));
    typesSet = true;
  }
  return driver;
}

export interface DialectHandle {
  name: DialectName;
  kysely: Dialect;
  close(): Promise<void>;
}

/**
 * Told of a PostgreSQL connection that failed outside a query (the server restarting, a failover,
 * pg_terminate_backend, the network): the pool has dropped it and opens another when one is needed.
 */
export type ConnectionLost = (error: Error) => void;

export function createDialect(target: DatabaseTarget, onConnectionLost: ConnectionLost = () => {}): DialectHandle {
  if (target.dialect === 'sqlite') {
    if (target.file !== ':memory:') mkdirSync(path.dirname(target.file), { recursive: true });
    const database = new SQLite(target.file);
    database.pragma('journal_mode = WAL');
    database.pragma('synchronous = NORMAL');
    database.pragma('foreign_keys = ON');
    database.pragma('busy_timeout = 5000');
    // SQLite's own default page cache (2 MB); better-sqlite3 builds it with 16 MB. The file's pages
    // stay in the system's cache either way, and the reads measured the same (decision 0060).
    database.pragma('cache_size = -2000');
    cacheStatements(database);
    return {
      name: 'sqlite',
      kysely: new SqliteDialectKeepingErrors(database),
      close: async () => undefined,
    };
  }
  const pool = new (pgDriver().Pool)({
    connectionString: target.url,
    max: target.poolSize ?? defaultPoolSize(),
    // A server that takes no connection (down, or a network that drops them) fails the request with
    // the busy envelope instead of holding it; so does a request that waits this long for a connection.
    connectionTimeoutMillis: target.connectTimeoutMs ?? CONNECT_TIMEOUT_MS,
    ...(target.schema ? { options: `-c search_path=${target.schema}` } : {}),
  });
  // A connection that fails while idle in the pool (PostgreSQL restarting, a failover,
  // pg_terminate_backend) is reported on the pool, and one that fails while checked out between two
  // statements on the connection itself: without these listeners either event would end the process.
  // The pool drops the connection (the query under way, if any, fails with a storage fault: 503) and
  // opens a new one for the next query, so the server serves again once PostgreSQL is back.
  pool.on('error', (error) => onConnectionLost(error));
  pool.on('connect', (client) => {
    client.on('error', (error) => onConnectionLost(error));
    runPreparedByName(client);
  });
  return { name: 'postgres', kysely: new PostgresDialect({ pool }), close: async () => undefined };
}

/** How long a query waits for a PostgreSQL connection (a new one, or a free one of the pool) before it fails. */
export const CONNECT_TIMEOUT_MS = 10_000;

/**
 * Connections of a PostgreSQL pool when DB_POOL_SIZE does not say: two per core, at least four
 * (decision 0033). On the 2-core bench machine, with the database on the same cores, 4 connections
 * bought more per second than 8 or 16: more connections only queue on the same cores and the card
 * rows' locks. `synchronous_commit` stays on.
 */
export function defaultPoolSize(cores = availableParallelism()): number {
  return Math.max(4, cores * 2);
}

/**
 * The SQL texts PostgreSQL keeps parsed and planned on each connection (decision 0055): the hot
 * queries of db/prepared.ts, and any text with values on its third run, up to 1,000 texts of at
 * most 8 KB.
 */
const statementNames = new StatementNames({ hotRuns: 3, maxNamed: 1_000, maxText: 8_192, maxCounted: 1_000 });

/** Has PostgreSQL keep `sql` prepared from its first run (db/prepared.ts). SQLite keeps its statements through `cacheStatements`. */
export function prepareOnServer(sql: string): void {
  statementNames.keep(sql);
}

/** Kysely runs `client.query(text, values)`: a text PostgreSQL keeps is sent under its name. */
function runPreparedByName(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((text: unknown, ...rest: unknown[]) => {
    const values = rest[0];
    const name = typeof text === 'string' ? statementNames.nameOf(text, Array.isArray(values) && values.length > 0) : undefined;
    return name ? query({ name, text, values }, ...rest.slice(1)) : query(text, ...rest);
  }) as typeof client.query;
}

/**
 * SQLite rolls a transaction back by itself on SQLITE_FULL, SQLITE_IOERR and the like; Kysely's
 * ROLLBACK after that fails with "cannot rollback - no transaction is active" and hides the error
 * that matters. This driver skips the ROLLBACK when no transaction is open any more.
 *
 * Transactions begin IMMEDIATE: they take the write lock at BEGIN, where `busy_timeout` waits for
 * it. A deferred transaction that read first and then writes fails at once with "database is
 * locked" when another process (a CLI, a second instance on the same file) wrote in between:
 * SQLite cannot upgrade a read snapshot that is no longer the latest. In one process the
 * transactions already run one at a time on the one connection, so nothing waits longer.
 */
class SqliteDialectKeepingErrors extends SqliteDialect {
  constructor(private readonly database: SQLite.Database) {
    super({ database });
  }

  override createDriver(): Driver {
    const database = this.database;
    return new (class extends SqliteDriver {
      override async beginTransaction(connection: DatabaseConnection): Promise<void> {
        await connection.executeQuery(CompiledQuery.raw('begin immediate'));
      }

      override async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
        if (database.inTransaction) await super.rollbackTransaction(connection);
      }
    })({ database });
  }
}

/**
 * Kysely prepares every query it runs; better-sqlite3 statements are reusable, so the last 500
 * distinct SQL texts keep theirs (SQLite re-prepares a statement itself after a schema change).
 */
function cacheStatements(database: SQLite.Database, max = 500): void {
  const prepare = database.prepare.bind(database);
  const cache = new Map<string, SQLite.Statement>();
  database.prepare = ((source: string) => {
    let statement = cache.get(source);
    if (statement) {
      // Most recently used last, so the oldest is dropped first.
      cache.delete(source);
    } else {
      statement = prepare(source);
      if (cache.size >= max) cache.delete(cache.keys().next().value as string);
    }
    cache.set(source, statement);
    return statement;
  }) as typeof database.prepare;
}

/** Column helpers for migrations, so one migration file serves both dialects. */
export function columns(name: DialectName) {
  return {
    /** Auto-increment primary key. */
    id: (col: ColumnDefinitionBuilder) =>
      name === 'sqlite' ? col.primaryKey().autoIncrement() : col.primaryKey().generatedByDefaultAsIdentity(),
    idType: name === 'sqlite' ? ('integer' as const) : ('bigint' as const),
    /** Epoch milliseconds (UTC). */
    timeType: name === 'sqlite' ? ('integer' as const) : ('bigint' as const),
    /** Integer fen. */
    moneyType: name === 'sqlite' ? ('integer' as const) : ('bigint' as const),
    textType: 'text' as const,
  };
}

/**
 * The schema the migration tables live in: PostgreSQL's current schema (so databases that share
 * one server in separate schemas, as the tests do, never see each other's migration tables);
 * none for SQLite.
 */
export async function migrationSchema(name: DialectName, db: Kysely<any>): Promise<string | undefined> {
  if (name !== 'postgres') return undefined;
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  return rows[0]?.schema;
}

/** Rows a purge deletes per statement: each statement holds the write lock only briefly. */
export const PURGE_BATCH = 1000;

/**
 * Deletes the rows of `table` whose `column` is below `before`, at most `batch` per statement
 * (picked by SQLite's rowid or PostgreSQL's ctid), until a statement deletes fewer. Returns how
 * many rows went.
 */
export async function deleteBefore<T extends keyof Database & string>(
  db: Kysely<Database>,
  name: DialectName,
  table: T,
  column: keyof Database[T] & string,
  before: number,
  batch = PURGE_BATCH,
): Promise<number> {
  const rowId = sql.raw(name === 'sqlite' ? 'rowid' : 'ctid');
  return deleteInBatches(batch, async () => {
    const result =
      await sql`delete from ${sql.table(table)} where ${rowId} in (select ${rowId} from ${sql.table(table)} where ${sql.ref(column)} < ${before} limit ${batch})`.execute(
        db,
      );
    return Number(result.numAffectedRows ?? 0);
  });
}

/**
 * Runs `deleteBatch` (one short statement deleting at most `batch` rows) until a batch comes back
 * short, so a purge never holds a long lock; how many rows went in all.
 */
export async function deleteInBatches(batch: number, deleteBatch: () => Promise<number>): Promise<number> {
  let total = 0;
  for (;;) {
    const deleted = await deleteBatch();
    total += deleted;
    if (deleted < batch) return total;
  }
}

/** Lock the selected rows until the transaction ends (PostgreSQL); SQLite serialises writers itself. */
export function forUpdate<DB, TB extends keyof DB, O>(name: DialectName, query: SelectQueryBuilder<DB, TB, O>) {
  return name === 'postgres' ? query.forUpdate() : query;
}

/**
 * True when PostgreSQL reports a schema (3F000), table (42P01) or column (42703) that vanished
 * mid-query: Kysely's migrator introspects every schema of the server, looking each column up by
 * name again (`pg_get_serial_sequence`), and another database in the same server (a parallel test
 * file's schema) may be dropped meanwhile. Worth another try.
 */
export function isVanishedSchema(error: unknown): boolean {
  const code = (error as { code?: string })?.code;
  return code === '3F000' || code === '42P01' || code === '42703';
}

/**
 * node-postgres reports a connection lost under a query, or a pool that could not get one in time,
 * with plain errors that carry no code.
 */
const CONNECTION_LOST = /^(Connection terminated|Client has encountered a connection error|timeout exceeded when trying to connect)/;

/**
 * True when the database, or the file store (uploads), cannot take the work at all (disk full,
 * read-only, I/O error, permissions, server shutting down, restarting or unreachable, a connection
 * lost): the caller is told the system is busy (503) and may retry later.
 */
export function isStorageFault(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown; syscall?: unknown } | null | undefined;
  const code = e?.code;
  if (code === undefined) return typeof e?.message === 'string' && CONNECTION_LOST.test(e.message);
  if (typeof code !== 'string') return false;
  // A file operation (Node's fs errors name their system call) refused by the disk.
  if (typeof e?.syscall === 'string' && /^(ENOSPC|EROFS|EDQUOT|EIO|EACCES|EPERM)$/.test(code)) return true;
  return (
    /^SQLITE_(FULL|READONLY|IOERR|CANTOPEN)/.test(code) ||
    /^(53|58|08)[0-9A-Z]{3}$/.test(code) ||
    code === '25006' ||
    /^57P0[1-3]$/.test(code) ||
    /^(ECONNREFUSED|ECONNRESET|EPIPE|ETIMEDOUT|EHOSTUNREACH|ENETUNREACH|EAI_AGAIN)$/.test(code)
  );
}

/**
 * Start-up check of an embedded database: its directory (DATA_DIR) and files must take writes.
 * Returns one line naming the directory or file and the system's reason, or null when all is well.
 */
export function storageProblem(target: DatabaseTarget, dataDir: string): string | null {
  if (target.dialect !== 'sqlite' || target.file === ':memory:') return null;
  const dir = path.dirname(target.file);
  const where = dir === dataDir ? `DATA_DIR ${dir}` : `database directory ${dir}`;
  const problem = directoryProblem(dir);
  if (problem) return `${where} ${problem.step === 'create' ? 'cannot be created' : 'is not writable'}: ${problem.reason}`;
  for (const file of [target.file, `${target.file}-wal`, `${target.file}-shm`]) {
    if (!existsSync(file)) continue;
    try {
      closeSync(openSync(file, 'r+'));
    } catch (error) {
      return `database file ${file} is not writable: ${(error as Error).message}`;
    }
  }
  return null;
}

/** True when the error is a unique-constraint violation on `column` (SQLite names `table.column`, PostgreSQL `Key (column)=…`). */
function violatesUniqueOf(error: unknown, column: string): boolean {
  const e = error as { message?: string; detail?: string };
  return (
    isUniqueViolation(error) && (`${e.message ?? ''} ${e.detail ?? ''}`.includes(`.${column}`) || (e.detail ?? '').includes(`(${column})`))
  );
}

/**
 * Inserts a row under a fresh number from `number()` (a time stamp and random digits, so two rows
 * made in the same second may draw the same digits), drawing again while the number is taken, five
 * times at most. In a PostgreSQL transaction the failed insert is undone to a savepoint, so the
 * transaction goes on; SQLite undoes only the failed statement by itself.
 */
export async function insertNumbered<T>(
  dialect: DialectName,
  db: Kysely<any>,
  column: string,
  number: () => string,
  insert: (no: string) => Promise<T>,
): Promise<T> {
  const savepoint = dialect === 'postgres' && db.isTransaction;
  for (let draw = 1; ; draw++) {
    if (savepoint) await sql`savepoint numbered`.execute(db);
    try {
      const row = await insert(number());
      if (savepoint) await sql`release savepoint numbered`.execute(db);
      return row;
    } catch (error) {
      if (savepoint) {
        await sql`rollback to savepoint numbered`.execute(db);
        await sql`release savepoint numbered`.execute(db);
      }
      if (draw >= 5 || !violatesUniqueOf(error, column)) throw error;
    }
  }
}

/** True when the error is a unique-constraint violation. */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; message?: string };
  return (
    e?.code === '23505' ||
    (typeof e?.code === 'string' && e.code.startsWith('SQLITE_CONSTRAINT_UNIQUE')) ||
    e?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
  );
}
