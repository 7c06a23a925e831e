import type { UsageForecast } from '@simshop/contract/iot-alerts';
import { DAY_MS, dayStart } from '../../lib/flow-math.ts';

/** What the forecast reads of a card: its data totals now and its use on each of the last seven days. */
export interface ForecastInput {
  unlimited: boolean;
  totalMb: number;
  leftMb: number;
  endAt: number | null;
  /** MB used on each of the last seven UTC+8 days, today last. */
  lastSevenDays: number[];
}

/**
 * When the data runs out at this week's pace: the use of the last seven days (today's part of a
 * day counted as such, at least an hour) as a daily average, against the data left and the end of
 * the package. Pure: no clock but `now`.
 */
export function forecastUsage(input: ForecastInput, now: number): UsageForecast {
  const base = { leftMb: input.leftMb, endAt: input.endAt };
  if (input.unlimited) return { state: 'unlimited', paceMbPerDay: 0, runOutAt: null, ...base };
  if (input.totalMb <= 0 || input.endAt === null || input.endAt <= now) {
    return { state: 'noPackage', paceMbPerDay: 0, runOutAt: null, ...base };
  }
  const todayShare = Math.max((now - dayStart(now)) / DAY_MS, 1 / 24);
  const used = input.lastSevenDays.reduce((sum, mb) => sum + mb, 0);
  const pace = used / (input.lastSevenDays.length - 1 + todayShare);
  const paceMbPerDay = Math.round(pace * 10) / 10;
  if (pace <= 0) return { state: 'idle', paceMbPerDay: 0, runOutAt: null, ...base };
  const runOutAt = now + Math.round((input.leftMb / pace) * DAY_MS);
  return runOutAt < input.endAt
    ? { state: 'runsOut', paceMbPerDay, runOutAt, ...base }
    : { state: 'lasts', paceMbPerDay, runOutAt: null, ...base };
}
