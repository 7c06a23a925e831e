import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/**
 * What the carrier side of a card has done, newest first: its packages (opened, ending, ended)
 * and its restrictions (started, lifted), at most `limit` of each.
 */
export async function cardHistory(db: Kysely<Database>, simId: number, limit: number) {
  const [packages, breaks] = await Promise.all([
    db
      .selectFrom('iot_sim_packages')
      .select(['id', 'package_id', 'name', 'starts_at', 'ends_at', 'status'])
      .where('sim_id', '=', simId)
      .where('status', 'in', ['active', 'pending', 'expired', 'closed'])
      .orderBy('starts_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute(),
    db
      .selectFrom('iot_sim_breaks')
      .select(['started_at', 'removed_at'])
      .where('sim_id', '=', simId)
      .orderBy('started_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute(),
  ]);
  return {
    packages: packages.map((p) => ({
      id: Number(p.id),
      packageId: p.package_id === null ? null : Number(p.package_id),
      name: p.name,
      startsAt: Number(p.starts_at),
      endsAt: Number(p.ends_at),
      status: p.status,
    })),
    breaks: breaks.map((b) => ({ startedAt: Number(b.started_at), removedAt: b.removed_at === null ? null : Number(b.removed_at) })),
  };
}
