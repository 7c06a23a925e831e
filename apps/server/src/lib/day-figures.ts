import { type RawBuilder, sql } from 'kysely';

/** Daily figures of the console's dashboard: days are China days (UTC+8, no daylight saving). */

export const DAY_MS = 86_400_000;
export const CHINA_OFFSET_MS = 8 * 3_600_000;

/** A figure of one China day: the day's midnight (epoch ms), how many, and their sum (fen). */
export interface DayFigure {
  day: number;
  count: number;
  amount: number;
}

/** The China day number of an epoch-ms column (integer division in SQLite and PostgreSQL alike). */
export const chinaDayOf = (column: string): RawBuilder<number> =>
  sql<number>`(${sql.ref(column)} + ${sql.lit(CHINA_OFFSET_MS)}) / ${sql.lit(DAY_MS)}`;

/** The midnight (epoch ms) of a China day number. */
export const midnightOfDay = (day: unknown): number => Math.floor(Number(day)) * DAY_MS - CHINA_OFFSET_MS;

/** Adds rows of (day number, count, amount) to figures keyed by midnight. */
export function addDays(into: Map<number, DayFigure>, rows: { day: unknown; n: unknown; amount?: unknown }[]): void {
  for (const r of rows) {
    const day = midnightOfDay(r.day);
    const f = into.get(day) ?? { day, count: 0, amount: 0 };
    f.count += Number(r.n);
    f.amount += Number(r.amount ?? 0);
    into.set(day, f);
  }
}

export const sortedDays = (m: Map<number, DayFigure>): DayFigure[] => [...m.values()].sort((a, b) => a.day - b.day);
