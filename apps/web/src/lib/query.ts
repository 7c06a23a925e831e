/** Query parameters carried across the main tab routes (spec §2). */
export const CARRIED_PARAMS = [
  'promoCode',
  'bd_vid',
  'qz_gdt',
  'cb',
  'mark',
  'mark_id',
  'autoFilterDelivery',
  'agreeAgreement',
  'showHotSearch',
  'pageCode',
] as const;
export type CarriedParam = (typeof CARRIED_PARAMS)[number];
export type CarriedParams = Partial<Record<CarriedParam, string>>;

/** A value counts as set when it is not empty and not the text `undefined` or `null` (spec §2, §4). */
export function isSet(value: string | null | undefined): value is string {
  return value != null && value !== '' && value !== 'undefined' && value !== 'null';
}

export function parseQuery(search: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of new URLSearchParams(search.startsWith('?') ? search.slice(1) : search)) out[k] = v;
  return out;
}

export function stringifyQuery(params: Record<string, string | number | undefined>): string {
  const sp = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined) sp.set(k, String(v));
  const s = sp.toString();
  return s ? `?${s}` : '';
}

/** The carried parameters present in a query, dropping unset ones. */
export function pickCarried(query: Record<string, string | undefined>): CarriedParams {
  const out: CarriedParams = {};
  for (const key of CARRIED_PARAMS) {
    const v = query[key];
    if (isSet(v)) out[key] = v;
  }
  return out;
}

/**
 * Adds the carried parameters to a tab url: `promoCode` and the others only when set; a value
 * already in the url wins.
 */
export function withCarried(url: string, carried: CarriedParams): string {
  const [path = '', search = ''] = url.split('?');
  const own = parseQuery(search);
  const merged: Record<string, string> = { ...pickCarried(carried) };
  for (const [k, v] of Object.entries(own)) if (isSet(v) || !(CARRIED_PARAMS as readonly string[]).includes(k)) merged[k] = v;
  return path + stringifyQuery(merged);
}
