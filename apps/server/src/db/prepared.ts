import type { Compilable, CompiledQuery, Kysely } from 'kysely';
import { prepareOnServer } from './dialect.ts';
import type { Database } from './schema.ts';

/** Stands for the argument at `index` while a prepared query is built. */
class Arg {
  constructor(readonly index: number) {}
}

/**
 * A query built and compiled once per dialect, then run with each call's arguments. Kysely builds
 * and compiles every query it runs, which on a hot read costs more than the database's own work;
 * here only the parameters change; better-sqlite3 reuses its statement for the same SQL text
 * (`cacheStatements` in dialect.ts) and PostgreSQL keeps it parsed and planned per connection
 * (`prepareOnServer`). `build` must use its arguments as values only (never to
 * choose the query's shape), since it runs once with stand-ins for them.
 */
export function prepared<A extends unknown[], R>(build: (db: Kysely<Database>, ...args: A) => Compilable<R>) {
  const compiled = new Map<unknown, CompiledQuery<R>>();
  return async (db: Kysely<Database>, ...args: A): Promise<R[]> => {
    // One compiled text per dialect (SQLite's `?` or PostgreSQL's `$1`), whatever the connection or transaction.
    const adapter = db.getExecutor().adapter.constructor;
    let query = compiled.get(adapter);
    if (!query) {
      query = build(db, ...(args.map((_, i) => new Arg(i)) as A)).compile();
      compiled.set(adapter, query);
      prepareOnServer(query.sql);
    }
    const parameters = query.parameters.map((p) => (p instanceof Arg ? args[p.index] : p));
    return (await db.executeQuery<R>({ ...query, parameters })).rows;
  };
}
