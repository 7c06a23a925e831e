import { POINT_REPORTS_PER_MINUTE, type PointReportBody } from '@simshop/contract/tracking';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { fail } from '../../lib/errors.ts';
import { hit } from '../../lib/rate-limit.ts';
import type { Site } from '../site/service.ts';
import * as repo from './repository.ts';

export interface TrackingDeps {
  db: Kysely<Database>;
  site: Site;
  now: () => number;
}

export interface PointCounts {
  views: number;
  clicks: number;
  /** Per ad mark (`mark` parameter; empty for visits without one), most views first. */
  byMark: { mark: string; views: number; clicks: number }[];
}

const MINUTE = 60_000;

/** Page views and clicks of the storefront, stored and counted per promoter. */
export class Tracking {
  constructor(private readonly deps: TrackingDeps) {}

  /** Stores one report; an address sending more than its share a minute is refused. */
  async report(input: Omit<PointReportBody, 'event'> & { event: 'view' | 'click' }, ip: string): Promise<void> {
    const { db, site, now } = this.deps;
    const at = now();
    const limit = await hit(db, `point:ip:${ip}`, POINT_REPORTS_PER_MINUTE, MINUTE, at);
    if (!limit.allowed) throw fail('request.tooMany', { seconds: Math.ceil(limit.retryAfterMs / 1000) });
    const promoter = await site.resolvePromoter(input.promoCode);
    await repo.insertPoint(db, {
      promoter_id: promoter.id,
      event: input.event,
      page: input.page,
      target: input.target ?? '',
      page_code: input.pageCode ?? '',
      bd_vid: input.bd_vid ?? '',
      qz_gdt: input.qz_gdt ?? '',
      cb: input.cb ?? '',
      mark: input.mark ?? '',
      mark_id: input.mark_id ?? '',
      ip,
      created_at: at,
    });
  }

  /** Views and clicks of a promoter in [from, to), in total and per ad mark (for the operator console). */
  async counts(promoterId: number, from: number, to: number): Promise<PointCounts> {
    const rows = await repo.countsByMark(this.deps.db, promoterId, from, to);
    const byMark = rows.map((r) => ({ mark: r.mark, views: Number(r.views), clicks: Number(r.clicks) }));
    return {
      views: byMark.reduce((n, r) => n + r.views, 0),
      clicks: byMark.reduce((n, r) => n + r.clicks, 0),
      byMark,
    };
  }
}
