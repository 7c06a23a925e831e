import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

export type WatchRow = Awaited<ReturnType<typeof watchesOf>>[number];

export function watchesOf(db: Db, mobile: string) {
  return db
    .selectFrom('number_watches')
    .selectAll()
    .where('mobile', '=', mobile)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** Every alert made at or before `before` (the scan's working set: a few per shopper who keeps alerts). */
export function watchesMadeBy(db: Db, before: number) {
  return db.selectFrom('number_watches').selectAll().where('created_at', '<=', before).execute();
}

export async function insertWatch(db: Db, row: Omit<WatchRow, 'id'>): Promise<number> {
  const r = await db.insertInto('number_watches').values(row).returning('id').executeTakeFirstOrThrow();
  return Number(r.id);
}

export async function deleteWatch(db: Db, mobile: string, id: number): Promise<boolean> {
  await db
    .deleteFrom('number_watch_hits')
    .where('watch_id', 'in', db.selectFrom('number_watches').select('id').where('id', '=', id).where('mobile', '=', mobile))
    .execute();
  const r = await db.deleteFrom('number_watches').where('id', '=', id).where('mobile', '=', mobile).executeTakeFirst();
  return Number(r.numDeletedRows) === 1;
}

/** The newest hits of the alerts, at most `perWatch` each. */
export async function hitsOf(db: Db, watchIds: number[], perWatch: number) {
  if (watchIds.length === 0) return [];
  const rows = await db
    .selectFrom('number_watch_hits')
    .select(['watch_id', 'number', 'found_at', 'seen_at'])
    .where('watch_id', 'in', watchIds)
    .orderBy('found_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  const kept = new Map<number, number>();
  return rows.filter((r) => {
    const n = kept.get(r.watch_id) ?? 0;
    kept.set(r.watch_id, n + 1);
    return n < perWatch;
  });
}

/** Records hits, each (alert, number) once; answers the ones that are new. */
export async function insertHits(db: Db, hits: { watch_id: number; number: string; found_at: number }[]) {
  if (hits.length === 0) return [];
  return db
    .insertInto('number_watch_hits')
    .values(hits)
    .onConflict((oc) => oc.columns(['watch_id', 'number']).doNothing())
    .returning(['watch_id', 'number'])
    .execute();
}

export async function markSeen(db: Db, mobile: string, now: number): Promise<void> {
  await db
    .updateTable('number_watch_hits')
    .set({ seen_at: now })
    .where('seen_at', 'is', null)
    .where('watch_id', 'in', db.selectFrom('number_watches').select('id').where('mobile', '=', mobile))
    .execute();
}

export async function unseenCount(db: Db, mobile: string): Promise<number> {
  const r = await db
    .selectFrom('number_watch_hits')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('seen_at', 'is', null)
    .where('watch_id', 'in', db.selectFrom('number_watches').select('id').where('mobile', '=', mobile))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

export async function readTo(db: Db): Promise<number | null> {
  const r = await db.selectFrom('number_watch_scan').select('read_to').where('id', '=', 1).executeTakeFirst();
  return r ? Number(r.read_to) : null;
}

/** Moves the scan's mark forward (never back, whichever instance scanned last). */
export async function setReadTo(db: Db, readTo: number): Promise<void> {
  await db
    .insertInto('number_watch_scan')
    .values({ id: 1, read_to: readTo })
    .onConflict((oc) => oc.column('id').doUpdateSet({ read_to: readTo }).where('number_watch_scan.read_to', '<', readTo))
    .execute();
}
