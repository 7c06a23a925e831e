import { describe, expect, it } from 'vitest';
import { formatAgo, formatDate, formatDateTime, formatNearDateTime, formatTime, shopDay } from './datetime.ts';

// 2026-11-22 18:56 UTC is 2026-11-23 02:56 in China.
const AT = Date.UTC(2026, 10, 22, 18, 56);

describe('datetime', () => {
  it('formats a date in China time, one format per language', () => {
    expect(formatDate(AT, 'en')).toBe('Nov 23, 2026');
    expect(formatDate(AT, 'zh-Hans')).toBe('2026年11月23日');
    expect(formatDate(AT, 'zh-Hant')).toBe('2026年11月23日');
  });

  it('formats a date and time in China time', () => {
    expect(formatDateTime(AT, 'en')).toBe('Nov 23, 2026, 02:56');
    expect(formatDateTime(AT, 'zh-Hans')).toBe('2026年11月23日 02:56');
    expect(formatDateTime(AT, 'zh-Hant')).toBe('2026年11月23日 02:56');
    expect(formatTime(AT)).toBe('02:56');
    expect(formatDateTime(Date.UTC(2027, 2, 4, 16, 5), 'en')).toBe('Mar 5, 2027, 00:05');
    expect(formatDateTime(Date.UTC(2027, 2, 4, 16, 5), 'zh-Hant')).toBe('2027年3月5日 00:05');
    expect(formatDate(Date.UTC(2026, 11, 31, 15, 59), 'zh-Hans')).toBe('2026年12月31日');
    expect(formatDate(Date.UTC(2026, 11, 31, 16, 0), 'en')).toBe('Jan 1, 2027');
  });

  it('puts an instant at China midnight on the new day', () => {
    expect(shopDay(Date.UTC(2026, 0, 31, 16, 0))).toBe('2026-02-01');
    expect(shopDay(Date.UTC(2026, 0, 31, 15, 59))).toBe('2026-01-31');
    expect(formatDate(Date.UTC(2027, 0, 18, 16, 0), 'en')).toBe('Jan 19, 2027');
  });

  it('shows only the time on the same China day', () => {
    expect(formatNearDateTime(AT + 3_600_000, AT, 'en')).toBe('03:56');
    expect(formatNearDateTime(AT + 86_400_000, AT, 'en')).toBe('Nov 24, 2026, 02:56');
  });

  it('says how long ago an instant was, in the largest whole unit', () => {
    const now = Date.UTC(2026, 10, 23, 9, 0, 0);
    expect(formatAgo(now - 20_000, now, 'en')).toBe('now');
    expect(formatAgo(now - 5 * 60_000, now, 'en')).toBe('5 minutes ago');
    expect(formatAgo(now - 5 * 60_000, now, 'zh-Hans')).toBe('5分钟前');
    expect(formatAgo(now - 5 * 60_000, now, 'zh-Hant')).toBe('5 分鐘前');
    expect(formatAgo(now - 3 * 3_600_000, now, 'en')).toBe('3 hours ago');
    expect(formatAgo(now - 2 * 86_400_000, now, 'en')).toBe('2 days ago');
  });
});
