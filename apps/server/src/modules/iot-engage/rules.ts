/** Rules of the daily sign-in and of VIP windows, as pure functions. */
import { SIGN_IN_REWARDS, type SignInDay } from '@simshop/contract/iot-engage';
import { chinaDay, DAY_MS, dayStartOf } from '../../lib/flow-math.ts';

const CYCLE = SIGN_IN_REWARDS.length;

/** Points of the n-th day (1-based) of a streak: rising through a 7-day cycle (the storefront's, else the built-in), then again from the start. */
export function rewardOf(streakDay: number, rewards: readonly number[] = SIGN_IN_REWARDS): number {
  return rewards[(streakDay - 1) % CYCLE]!;
}

/** The China date before `day` (yyyy-MM-dd). */
export function dayBefore(day: string): string {
  return chinaDay(dayStartOf(day) - DAY_MS);
}

/**
 * The 7 days of the streak cycle holding the current day: `current` is the streak day of today
 * (signed or to sign), earlier days of the cycle are signed, later ones upcoming.
 */
export function cycleOf(current: number, signedToday: boolean, rewards: readonly number[] = SIGN_IN_REWARDS): SignInDay[] {
  const first = current - ((current - 1) % CYCLE);
  return Array.from({ length: CYCLE }, (_, i) => {
    const streakDay = first + i;
    const state = streakDay < current || (streakDay === current && signedToday) ? 'signed' : streakDay === current ? 'today' : 'upcoming';
    return { streakDay, points: rewardOf(streakDay, rewards), state };
  });
}

/** The window of a VIP bought now: from the end of the card's last VIP when that is later, for `days` days. */
export function vipWindow(lastEnd: number | null, now: number, days: number): { startAt: number; endAt: number } {
  const startAt = lastEnd !== null && lastEnd > now ? lastEnd : now;
  return { startAt, endAt: startAt + days * DAY_MS };
}

/** What a VIP refund returns: all of it before the window starts, nothing after, else the unused whole days' share. */
export function vipRefund(paid: number, startAt: number, endAt: number, now: number): number {
  if (now < startAt) return paid;
  if (now >= endAt) return 0;
  const days = Math.round((endAt - startAt) / DAY_MS);
  const left = Math.floor((endAt - now) / DAY_MS);
  return Math.floor((paid * left) / days);
}
