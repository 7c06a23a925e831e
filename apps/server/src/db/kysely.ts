import { Kysely } from 'kysely';
import type { DatabaseTarget } from '../config.ts';
import { type ConnectionLost, createDialect, type DialectName } from './dialect.ts';
import type { Database } from './schema.ts';

export interface Db {
  db: Kysely<Database>;
  dialect: DialectName;
  destroy(): Promise<void>;
}

/** Opens the database; `onConnectionLost` hears of PostgreSQL connections that failed outside a query (logged by the app). */
export function openDb(target: DatabaseTarget, onConnectionLost?: ConnectionLost): Db {
  const handle = createDialect(target, onConnectionLost);
  const db = new Kysely<Database>({ dialect: handle.kysely });
  return {
    db,
    dialect: handle.name,
    destroy: async () => {
      await db.destroy();
      await handle.close();
    },
  };
}
