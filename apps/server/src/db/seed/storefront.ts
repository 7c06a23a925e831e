import type { Kysely } from 'kysely';
import type { Database } from '../schema.ts';

/** Demo data of the storefront modules (deterministic). */
export async function seedStorefront(_db: Kysely<Database>, _now: number): Promise<void> {}
