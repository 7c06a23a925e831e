/** Real-name requests as the operator console's review queue reads them (this module owns iot_realname_requests). */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** Platform requests waiting for a decision, oldest first, at most `limit`. */
export function pendingPlatformRequests(db: Kysely<Database>, limit: number) {
  return db
    .selectFrom('iot_realname_requests')
    .select(['id', 'sim_id', 'name', 'id_number', 'face_photo', 'id_front_photo', 'id_back_photo', 'created_at'])
    .where('kind', '=', 'platform')
    .where('status', '=', 'pending')
    .orderBy('created_at')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** The card and state of a request; undefined when there is none. */
export function requestFacts(db: Kysely<Database>, id: number) {
  return db.selectFrom('iot_realname_requests').select(['id', 'sim_id', 'kind', 'status']).where('id', '=', id).executeTakeFirst();
}
