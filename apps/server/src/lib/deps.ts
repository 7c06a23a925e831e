import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../config.ts';
import type { DialectName } from '../db/dialect.ts';
import type { Database } from '../db/schema.ts';

/** What a storefront service needs from the app: the database, the clock, the config and a logger. */
export interface Deps {
  db: Kysely<Database>;
  dialect: DialectName;
  config: Config;
  now: () => number;
  log: FastifyBaseLogger;
}

/** The Deps of a module plugin, from the app's decorations. */
export function depsOf(app: { db: { db: Kysely<Database>; dialect: DialectName }; config: Config; log: FastifyBaseLogger }): Deps {
  return { db: app.db.db, dialect: app.db.dialect, config: app.config, now: () => app.config.now(), log: app.log };
}
