import type { Kysely } from 'kysely';
import type { DialectName } from '../dialect.ts';

export async function up(_db: Kysely<any>, _dialect: DialectName): Promise<void> {}
