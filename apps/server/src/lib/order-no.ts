/**
 * Order and payment numbers: a prefix, the date and time the customer reads on their phone (China
 * Standard Time, UTC+8, which has no daylight saving), then random digits. A customer ordering at
 * 07:30 in Beijing on the 23rd sees 23, not the 22nd that UTC still reads.
 */
import { randomInt } from 'node:crypto';

const CHINA_OFFSET_MS = 8 * 3_600_000;

/** yyyyMMddHHmmss in China Standard Time. */
export function chinaStamp(now: number): string {
  return new Date(now + CHINA_OFFSET_MS).toISOString().replace(/\D/g, '').slice(0, 14);
}

/** A random run of `digits` decimal digits (leading zeros kept). */
function randomDigits(digits: number): string {
  let out = '';
  while (out.length < digits) out += String(randomInt(0, 1_000_000)).padStart(6, '0');
  return out.slice(0, digits);
}

/** prefix + China-time stamp + `digits` random digits, e.g. N20261123073000482913. */
export function orderNumber(prefix: string, now: number, digits = 6): string {
  return `${prefix}${chinaStamp(now)}${randomDigits(digits)}`;
}
