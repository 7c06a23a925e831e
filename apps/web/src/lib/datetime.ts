import { currentLanguage, type Language } from './i18n.ts';

/**
 * The one place dates and times are formatted for display. Every instant is shown in China
 * Standard Time (the shop's and the carrier's day, whatever the device's zone), in the app
 * language's own format from Intl:
 *   en       Nov 23, 2026 · Nov 23, 2026, 02:56 · 02:56
 *   zh-Hans  2026年11月23日 · 2026年11月23日 02:56 · 02:56
 *   zh-Hant  2026年11月23日 · 2026年11月23日 02:56 · 02:56
 */
export const SHOP_TIME_ZONE = 'Asia/Shanghai';

const LOCALES: Record<Language, string> = { en: 'en-US', 'zh-Hans': 'zh-CN', 'zh-Hant': 'zh-TW' };

const date: Intl.DateTimeFormatOptions = { timeZone: SHOP_TIME_ZONE, year: 'numeric', month: 'short', day: 'numeric' };
const time: Intl.DateTimeFormatOptions = { timeZone: SHOP_TIME_ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };

const cache = new Map<string, Intl.DateTimeFormat>();
function formatter(kind: 'date' | 'dateTime' | 'time', language: Language): Intl.DateTimeFormat {
  const key = `${kind}:${language}`;
  let f = cache.get(key);
  if (!f) {
    const options = kind === 'date' ? date : kind === 'time' ? time : { ...date, ...time };
    f = new Intl.DateTimeFormat(LOCALES[language], options);
    cache.set(key, f);
  }
  return f;
}

/**
 * Builds a formatter of the app language at the browser's next idle moment. A page's first
 * Intl.DateTimeFormat costs about 15 ms (four times that on a slow phone) while the browser loads
 * its locale data, the next ones a fraction of a millisecond; a page about to show dates (the SIM
 * dashboard, waiting for its data) calls this so that cost is not added to the render that shows
 * them.
 */
export function prepareDateFormats(language: Language = currentLanguage()): void {
  const build = () => formatter('dateTime', language);
  if (typeof requestIdleCallback === 'function') requestIdleCallback(build);
  else setTimeout(build, 0);
}

/** A calendar date: "Nov 23, 2026" / "2026年11月23日". */
export function formatDate(ms: number, language: Language = currentLanguage()): string {
  return formatter('date', language).format(ms);
}

/** A date with its time: "Nov 23, 2026, 02:56" / "2026年11月23日 02:56". */
export function formatDateTime(ms: number, language: Language = currentLanguage()): string {
  return formatter('dateTime', language).format(ms);
}

/** A time of day: "02:56". */
export function formatTime(ms: number, language: Language = currentLanguage()): string {
  return formatter('time', language).format(ms);
}

/** The calendar day of an instant in China Standard Time, YYYY-MM-DD (for comparing days, not for display). */
export function shopDay(ms: number): string {
  return new Date(ms + 8 * 3_600_000).toISOString().slice(0, 10);
}

/** The time when the instant falls on the same China day as `now`, else the date and time. */
export function formatNearDateTime(ms: number, now = Date.now(), language: Language = currentLanguage()): string {
  return shopDay(ms) === shopDay(now) ? formatTime(ms, language) : formatDateTime(ms, language);
}

/** A month and year of a China calendar date (YYYY-MM-DD): "November 2026" / "2026年11月". */
export function formatMonthOf(day: string, language: Language = currentLanguage()): string {
  return new Intl.DateTimeFormat(LOCALES[language], { timeZone: 'UTC', year: 'numeric', month: 'long' }).format(
    Date.parse(`${day}T00:00:00Z`),
  );
}

/** The short names of the weekdays, Monday first: "M T W …" / "一 二 三 …". */
export function weekdayNames(language: Language = currentLanguage()): string[] {
  const f = new Intl.DateTimeFormat(LOCALES[language], { timeZone: 'UTC', weekday: 'narrow' });
  // 2024-01-01 was a Monday.
  return Array.from({ length: 7 }, (_, i) => f.format(Date.UTC(2024, 0, 1 + i)));
}

/** How long ago an instant was, in the largest whole unit: "just now", "5 minutes ago" / "5分钟前", "2 days ago". */
export function formatAgo(ms: number, now = Date.now(), language: Language = currentLanguage()): string {
  const seconds = Math.max(0, Math.round((now - ms) / 1000));
  const f = new Intl.RelativeTimeFormat(LOCALES[language], { numeric: 'auto' });
  if (seconds < 60) return f.format(0, 'second');
  if (seconds < 3600) return f.format(-Math.floor(seconds / 60), 'minute');
  if (seconds < 86_400) return f.format(-Math.floor(seconds / 3600), 'hour');
  return f.format(-Math.floor(seconds / 86_400), 'day');
}
