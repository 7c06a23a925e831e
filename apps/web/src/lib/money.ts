/** Money is integer fen everywhere (DESIGN §5); the UI formats it here only. */

/**
 * 1288 → "1,288"; -12345 → "-12,345": an integer with thousands separators. Written out rather than
 * `toLocaleString`, whose number formatter costs tens of milliseconds on a phone the first time, in
 * the middle of the first paint.
 */
export function grouped(n: number): string {
  const digits = String(Math.abs(Math.trunc(n)));
  let out = '';
  for (let end = digits.length; end > 0; end -= 3) out = `${digits.slice(Math.max(0, end - 3), end)}${out ? `,${out}` : ''}`;
  return n < 0 ? `-${out}` : out;
}

/** 128800 → "1,288"; 128850 → "1,288.50"; -5 → "-0.05". */
export function yuan(fen: number): string {
  const cents = Math.abs(fen) % 100;
  const whole = grouped(Math.trunc(fen / 100));
  const sign = fen < 0 && whole === '0' ? '-' : '';
  return cents === 0 ? `${sign}${whole}` : `${sign}${whole}.${String(cents).padStart(2, '0')}`;
}

/** 128800 → "¥1,288". */
export function money(fen: number): string {
  return `¥${yuan(fen)}`;
}
