import { Kysely } from 'kysely';
import type { DatabaseTarget } from '../config.ts';
import { createDialect, type DialectName } from './dialect.ts';
import type { Database } from './schema.ts';

export interface Db {
  db: Kysely<Database>;
  dialect: DialectName;
  destroy(): Promise<void>;
}

export function openDb(target: DatabaseTarget): Db {
  const handle = createDialect(target);
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
