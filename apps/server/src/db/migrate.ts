import { type Kysely, Migrator } from 'kysely';
import { type DialectName, isVanishedSchema, migrationSchema } from './dialect.ts';
import { migrationsFor } from './migrations/index.ts';

/** Brings the schema up to date; returns the names of the migrations applied now. */
export async function migrateToLatest(db: Kysely<any>, dialect: DialectName): Promise<string[]> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await migrateOnce(db, dialect);
    } catch (error) {
      if (!isVanishedSchema(error) || attempt >= 5) throw error;
    }
  }
}

async function migrateOnce(db: Kysely<any>, dialect: DialectName): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrationsFor(dialect) },
    migrationTableSchema: await migrationSchema(dialect, db),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
