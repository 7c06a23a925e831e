import { currentLanguage, type Language } from './i18n.ts';

/**
 * The one place dates and times are formatted for display. Every instant is shown in China
 * Standard Time (the shop's and the carrier's day, whatever the device's zone), in the app
 * language's own format:
 *   en       Nov 23, 2026 · Nov 23, 2026, 02:56 · 02:56
 *   zh-Hans  2026年11月23日 · 2026年11月23日 02:56 · 02:56
 *   zh-Hant  2026年11月23日 · 2026年11月23日 02:56 · 02:56
 */
export const SHOP_TIME_ZONE = 'Asia/Shanghai';

const LOCALES: Record<Language, string> = { en: 'en-US', 'zh-Hans': 'zh-CN', 'zh-Hant': 'zh-TW' };

/** China Standard Time is UTC+8 all year (no daylight saving since 1991). */
const CHINA_OFFSET_MS = 8 * 3_600_000;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const two = (n: number) => String(n).padStart(2, '0');

/**
 * The China calendar fields of an instant. Written out rather than with Intl.DateTimeFormat, whose
 * first formatter with a time zone costs about 50 ms on a phone (its zone and locale data load),
 * a long task in the middle of the first paint of every page that shows a date.
 */
function china(ms: number) {
  const d = new Date(ms + CHINA_OFFSET_MS);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth(), day: d.getUTCDate(), hm: `${two(d.getUTCHours())}:${two(d.getUTCMinutes())}` };
}

/** A calendar date: "Nov 23, 2026" / "2026年11月23日". */
export function formatDate(ms: number, language: Language = currentLanguage()): string {
  const { year, month, day } = china(ms);
  return language === 'en' ? `${MONTHS[month]} ${day}, ${year}` : `${year}年${month + 1}月${day}日`;
}

/** A date with its time: "Nov 23, 2026, 02:56" / "2026年11月23日 02:56". */
export function formatDateTime(ms: number, language: Language = currentLanguage()): string {
  return `${formatDate(ms, language)}${language === 'en' ? ',' : ''} ${china(ms).hm}`;
}

/** A time of day: "02:56". */
export function formatTime(ms: number): string {
  return china(ms).hm;
}

/** The calendar day of an instant in China Standard Time, YYYY-MM-DD (for comparing days, not for display). */
export function shopDay(ms: number): string {
  return new Date(ms + CHINA_OFFSET_MS).toISOString().slice(0, 10);
}

/** The time when the instant falls on the same China day as `now`, else the date and time. */
export function formatNearDateTime(ms: number, now = Date.now(), language: Language = currentLanguage()): string {
  return shopDay(ms) === shopDay(now) ? formatTime(ms) : formatDateTime(ms, language);
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
