import { requestHeaders } from './request.ts';
import { safeStorage } from './storage.ts';

/** The app package name the app-domain service knows this build by. */
export const PACKAGE_NAME = 'com.simshop.h5';
const DOMAIN_KEY = 'simshop-app-domain';

export type DomainResult = { ok: true; domain: string } | { ok: false; reason: 'offline' | 'busy' | 'failed' };

/** Looks up the access domain of this app (spec §7, app-domain service) and caches it. */
export async function loadAppDomain(fetchImpl: typeof fetch = fetch): Promise<DomainResult> {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return { ok: false, reason: 'offline' };
  let res: Response;
  try {
    // The device-info header the service reads is one of the §7 headers every call carries.
    res = await fetchImpl(`/api/app/domain?packageName=${encodeURIComponent(PACKAGE_NAME)}`, { headers: requestHeaders() });
  } catch {
    return { ok: false, reason: navigator.onLine === false ? 'offline' : 'failed' };
  }
  if (res.status >= 500 || res.status === 429) return { ok: false, reason: 'busy' };
  const json = (await res.json().catch(() => null)) as { code?: number; data?: { domain?: string } } | null;
  const domain = json?.code === 0 ? json.data?.domain : undefined;
  if (typeof domain !== 'string') return { ok: false, reason: 'failed' };
  safeStorage.setItem(DOMAIN_KEY, domain);
  return { ok: true, domain };
}

let reported = 0;

/** Sends an error report to the app-domain service; at most 10 a page load. */
export function reportError(error: unknown): void {
  if (reported >= 10) return;
  reported += 1;
  const text = error instanceof Error ? `${error.name}: ${error.message}\n${error.stack ?? ''}` : String(error);
  void fetch('/api/app/errorReport', {
    method: 'POST',
    headers: { ...requestHeaders(), 'content-type': 'application/json' },
    body: JSON.stringify({ platform: 'h5', packageName: PACKAGE_NAME, error: text.slice(0, 8000) }),
    keepalive: true,
  }).catch(() => undefined);
}
