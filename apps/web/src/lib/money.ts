/** Money is integer fen everywhere (DESIGN §5); the UI formats it here only. */

/** 128800 → "1,288"; 128850 → "1,288.50". */
export function yuan(fen: number): string {
  const whole = fen % 100 === 0;
  return (fen / 100).toLocaleString('en-US', { minimumFractionDigits: whole ? 0 : 2, maximumFractionDigits: 2 });
}

/** 128800 → "¥1,288". */
export function money(fen: number): string {
  return `¥${yuan(fen)}`;
}
