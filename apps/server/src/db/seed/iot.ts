import type { Kysely } from 'kysely';
import type { Database } from '../schema.ts';

/** Demo data of the iot modules (deterministic). */
export async function seedIot(_db: Kysely<Database>, _now: number): Promise<void> {}
