import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** The enabled pages of a code of some promoters. */
export function pagesOfCode(db: Kysely<Database>, pageCode: string, promoterIds: number[]) {
  return db
    .selectFrom('single_pages')
    .selectAll()
    .where('page_code', '=', pageCode)
    .where('promoter_id', 'in', promoterIds)
    .where('enabled', '=', 1)
    .execute();
}
