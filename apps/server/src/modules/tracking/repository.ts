import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';

export type PointRow = Omit<Database['point_reports'], 'id'>;

export async function insertPoint(db: Kysely<Database>, row: PointRow): Promise<void> {
  await db.insertInto('point_reports').values(row).execute();
}

/** Views and clicks of a promoter between two instants, per mark (empty: none), most views first. */
export function countsByMark(db: Kysely<Database>, promoterId: number, from: number, to: number) {
  return db
    .selectFrom('point_reports')
    .select((eb) => [
      'mark',
      eb.fn.sum<number>(sql`case when event = 'view' then 1 else 0 end`).as('views'),
      eb.fn.sum<number>(sql`case when event = 'click' then 1 else 0 end`).as('clicks'),
    ])
    .where('promoter_id', '=', promoterId)
    .where('created_at', '>=', from)
    .where('created_at', '<', to)
    .groupBy('mark')
    .orderBy('views', 'desc')
    .orderBy('mark')
    .execute();
}
