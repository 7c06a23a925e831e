import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { UploadsTable } from '../../db/schema-account.ts';

export const insertUpload = (db: Kysely<Database>, row: UploadsTable) => db.insertInto('uploads').values(row).execute();

export const findUpload = (db: Kysely<Database>, id: string) =>
  db.selectFrom('uploads').selectAll().where('id', '=', id).executeTakeFirst();
