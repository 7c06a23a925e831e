import type { PointReportBody } from '@simshop/contract/tracking';
import { type CarriedParams, isSet } from '../../lib/query.ts';
import { requestHeaders } from '../../lib/request.ts';
import { useSession } from '../../lib/session.ts';

const URL = '/api/hk/pointReport';
const AD_PARAMS = ['promoCode', 'pageCode', 'bd_vid', 'qz_gdt', 'cb', 'mark', 'mark_id'] as const;

/**
 * Sends a report in the background: a keep-alive fetch (the browser delivers it even while the page
 * goes away) whose outcome nobody awaits, with the §7 headers every call carries (a beacon cannot
 * carry headers). A report that cannot be sent is dropped.
 */
function send(body: PointReportBody): void {
  try {
    const headers = { ...requestHeaders(), 'content-type': 'application/json' };
    void fetch(URL, { method: 'POST', body: JSON.stringify(body), keepalive: true, headers }).catch(() => undefined);
  } catch {
    /* dropped */
  }
}

function adParams(extra: CarriedParams): Partial<PointReportBody> {
  const carried = { ...useSession.getState().carried, ...extra };
  const out: Record<string, string> = {};
  for (const key of AD_PARAMS) {
    const v = carried[key];
    if (isSet(v)) out[key] = v.slice(0, key === 'mark' || key === 'mark_id' || key === 'promoCode' || key === 'pageCode' ? 64 : 128);
  }
  return out;
}

/** A route as reported: its path without the query (`/` for anything else). */
function routeOf(path: string): string {
  const route = path.split('?')[0] ?? '';
  return /^\/[\w\-/]*$/.test(route) && route.length <= 200 ? route : '/';
}

/** The current route of the app (hash routing). */
const currentPage = () => routeOf(typeof location === 'undefined' ? '' : location.hash.slice(1));

/** Reports a view of a page (its route path), with the ad parameters the visitor came with. */
export function reportView(page: string, extra: CarriedParams = {}): void {
  send({ event: 'view', page: routeOf(page), ...adParams(extra) });
}

/** Reports a click on something of the current page (a block or menu key). */
export function reportClick(target: string, extra: CarriedParams = {}): void {
  send({ event: 'click', page: currentPage(), target: target.slice(0, 64), ...adParams(extra) });
}
