import { MAX_NUMBER_WATCHES, type NumberWatch, type NumberWatchCreateBody, type NumberWatchList } from '@simshop/contract/number-watch';
import { isUniqueViolation } from '../../db/dialect.ts';
import type { Deps } from '../../lib/deps.ts';
import { fail, invalid } from '../../lib/errors.ts';
import type { Job } from '../../lib/jobs.ts';
import type { Language } from '../../lib/messages.ts';
import { requireLogin } from '../auth/service.ts';
import type { Numbers, WatchedNumber } from '../numbers/service.ts';
import { divisionName, type Site } from '../site/service.ts';
import type { Sms } from '../sms/service.ts';
import * as repo from './repository.ts';

/**
 * Number alerts: a shopper's saved searches for a number not yet on sale. A scan reads the numbers
 * put on sale since it last ran (imports, released holds) and records each match once per alert;
 * the alerts page shows them, with the storefront's price now, until the shopper deletes the alert.
 */
export interface WatchDeps extends Deps {
  numbers: Numbers;
  site: Site;
  /** Texts the shopper of an alert with a number found (the sms module). */
  sms: Pick<Sms, 'notifyAll'>;
}

/** Hits shown per alert. */
const HITS_SHOWN = 20;
/** A scan reads back this far before its mark: a sale committed late by a slow transaction is still seen. */
const LOOKBACK_MS = 60_000;
const SCAN_PAGE = 1000;

type WatchRow = repo.WatchRow;

/** Whether a number meets an alert's terms, its price at the alert's storefront aside. */
function matches(w: WatchRow, n: WatchedNumber): boolean {
  return (
    (w.ends_with === '' || n.number.endsWith(w.ends_with)) &&
    (w.pattern === '' || (n.tags as string[]).includes(w.pattern)) &&
    (w.operator === '' || n.operator === w.operator) &&
    (w.province === '' || n.province === w.province) &&
    (w.city === '' || n.city === w.city)
  );
}

function checkRegion(body: NumberWatchCreateBody): void {
  if (body.province && !divisionName(body.province)) throw invalid('province', 'site.unknownDivision');
  if (body.city) {
    if (!divisionName(body.city)) throw invalid('city', 'site.unknownDivision');
    if (body.province && body.city.slice(0, 2) !== body.province.slice(0, 2)) throw invalid('city', 'numbers.cityNotInProvince');
  }
}

export async function createWatch(
  deps: WatchDeps,
  sessionId: string,
  body: NumberWatchCreateBody,
  language: Language,
): Promise<{ id: number }> {
  const mobile = await requireLogin(deps, sessionId);
  if (!body.endsWith && !body.pattern) throw invalid('endsWith', 'numberWatch.needCriterion');
  checkRegion(body);
  const promoter = await deps.site.resolvePromoter(body.promoCode);
  // Each alert takes a free slot of the shopper's; a slot taken by a concurrent request is a unique
  // violation, and the next free one is tried, so no race makes more than the limit.
  for (let attempt = 0; attempt < MAX_NUMBER_WATCHES; attempt++) {
    const used = new Set((await repo.watchesOf(deps.db, mobile)).map((w) => w.slot));
    const slot = Array.from({ length: MAX_NUMBER_WATCHES }, (_, i) => i + 1).find((s) => !used.has(s));
    if (slot === undefined) throw fail('numberWatch.limit', { max: MAX_NUMBER_WATCHES });
    try {
      const id = await repo.insertWatch(deps.db, {
        mobile,
        slot,
        promoter_id: promoter.id,
        ends_with: body.endsWith ?? '',
        pattern: body.pattern ?? '',
        operator: body.operator ?? '',
        province: body.province ?? '',
        city: body.city ?? '',
        max_price: body.maxPrice ?? 0,
        language,
        created_at: deps.now(),
      });
      return { id };
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
    }
  }
  throw fail('numberWatch.limit', { max: MAX_NUMBER_WATCHES });
}

export async function deleteWatch(deps: WatchDeps, sessionId: string, id: number): Promise<void> {
  const mobile = await requireLogin(deps, sessionId);
  if (!(await repo.deleteWatch(deps.db, mobile, id))) throw invalid('id', 'numberWatch.noSuchWatch');
}

export async function markSeen(deps: WatchDeps, sessionId: string): Promise<void> {
  await repo.markSeen(deps.db, await requireLogin(deps, sessionId), deps.now());
}

/** How many found numbers the shopper has not looked at yet (the My tab's badge). */
export async function unseen(deps: WatchDeps, sessionId: string): Promise<number> {
  return repo.unseenCount(deps.db, await requireLogin(deps, sessionId));
}

/** Prices at the storefront of each alert: the storefront and its custom prices read once per storefront. */
function pricerCache(deps: WatchDeps) {
  const found = new Map<number, Promise<((n: WatchedNumber) => number) | null>>();
  return (id: number) => {
    let p = found.get(id);
    if (!p) {
      p = deps.site.promoterById(id).then((promoter) => (promoter ? deps.numbers.pricerFor(promoter) : null));
      found.set(id, p);
    }
    return p;
  };
}

export async function listWatches(deps: WatchDeps, sessionId: string): Promise<NumberWatchList> {
  const mobile = await requireLogin(deps, sessionId);
  const watches = await repo.watchesOf(deps.db, mobile);
  const hits = await repo.hitsOf(
    deps.db,
    watches.map((w) => w.id),
    HITS_SHOWN,
  );
  const numbers = await deps.numbers.numbersByValue([...new Set(hits.map((h) => h.number))]);
  const pricerOf = pricerCache(deps);
  const list: NumberWatch[] = [];
  let unseenHits = 0;
  for (const w of watches) {
    const priceOf = await pricerOf(w.promoter_id);
    const shown = [];
    for (const h of hits.filter((x) => x.watch_id === w.id)) {
      const n = numbers.get(h.number);
      if (!n || !priceOf) continue;
      if (h.seen_at === null) unseenHits++;
      shown.push({
        number: h.number,
        price: priceOf(n),
        onSale: n.status === 'on_sale',
        foundAt: Number(h.found_at),
        unseen: h.seen_at === null,
      });
    }
    list.push({
      id: w.id,
      endsWith: w.ends_with,
      pattern: w.pattern,
      operator: w.operator,
      province: w.province,
      city: w.city,
      maxPrice: Number(w.max_price),
      createdAt: Number(w.created_at),
      hits: shown,
    });
  }
  return { list, unseen: unseenHits };
}

/**
 * Reads the numbers put on sale since the last scan (a minute back, for sales committed late) and
 * records, once per alert and number, each that meets an alert made before it came on sale (its
 * price at the alert's storefront at most the alert's top price). Safe on several instances at
 * once: a hit found twice is recorded once, and the mark only moves forward. Answers the new hits.
 */
export async function scanWatches(deps: WatchDeps, now: number): Promise<{ watchId: number; number: string }[]> {
  const watches = await repo.watchesMadeBy(deps.db, now);
  const mark = await repo.readTo(deps.db);
  if (watches.length === 0) {
    // Nothing to look for: numbers on sale before now concern no alert made later.
    await repo.setReadTo(deps.db, now);
    return [];
  }
  const from = (mark ?? Math.min(...watches.map((w) => Number(w.created_at)))) - LOOKBACK_MS;
  const pricerOf = pricerCache(deps);
  const found: { watch_id: number; number: string; found_at: number }[] = [];
  let readTo = mark ?? now;
  for (let offset = 0; ; offset += SCAN_PAGE) {
    const page = await deps.numbers.onSaleSince(from, offset, SCAN_PAGE);
    for (const n of page) {
      readTo = Math.max(readTo, n.changedAt);
      for (const w of watches) {
        if (Number(w.created_at) > n.changedAt || !matches(w, n)) continue;
        if (Number(w.max_price) > 0) {
          const priceOf = await pricerOf(w.promoter_id);
          if (!priceOf || priceOf(n) > Number(w.max_price)) continue;
        }
        found.push({ watch_id: w.id, number: n.number, found_at: now });
      }
    }
    if (page.length < SCAN_PAGE) break;
  }
  const fresh = await repo.insertHits(deps.db, found);
  await repo.setReadTo(deps.db, readTo);
  await textShoppers(deps, watches, fresh, pricerOf);
  return fresh.map((h) => ({ watchId: h.watch_id, number: h.number }));
}

/** One SMS per alert with numbers newly found, naming the first of them (a large import never floods a phone). */
async function textShoppers(
  deps: WatchDeps,
  watches: WatchRow[],
  fresh: { watch_id: number; number: string }[],
  pricerOf: ReturnType<typeof pricerCache>,
): Promise<void> {
  const firstOf = new Map<number, string>();
  for (const h of fresh) if (!firstOf.has(h.watch_id)) firstOf.set(h.watch_id, h.number);
  const numbers = await deps.numbers.numbersByValue([...firstOf.values()]);
  const notices = [];
  for (const w of watches) {
    const n = numbers.get(firstOf.get(w.id) ?? '');
    const priceOf = n ? await pricerOf(w.promoter_id) : null;
    if (!n || !priceOf) continue;
    notices.push({
      mobile: w.mobile,
      kind: 'numberWatch' as const,
      language: w.language as Language,
      values: { number: n.number, price: (priceOf(n) / 100).toFixed(2) },
    });
  }
  await deps.sms.notifyAll(notices);
}

export function watchJobs(deps: WatchDeps): Job[] {
  return [{ name: 'numberWatch.scan', everyMs: 30_000, run: (now) => scanWatches(deps, now) }];
}
