/** Display formatting of SIM figures: money in fen, data in MB (units of the contract). */

/** Yuan with two decimals from integer fen: 12345 → "123.45". */
export function yuan(fen: number): string {
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(Math.round(fen));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Data amount with its unit: under 1 GB in MB, else GB with at most two decimals. */
export function flowParts(mb: number): { value: string; unit: 'MB' | 'GB' | 'TB' } {
  const abs = Math.max(0, mb);
  if (abs < 1024) return { value: String(Math.round(abs)), unit: 'MB' };
  if (abs < 1024 * 1024) return { value: trimNumber(abs / 1024), unit: 'GB' };
  return { value: trimNumber(abs / 1024 / 1024), unit: 'TB' };
}

export function flowText(mb: number): string {
  const { value, unit } = flowParts(mb);
  return `${value} ${unit}`;
}

function trimNumber(n: number): string {
  return (Math.round(n * 100) / 100).toFixed(2).replace(/\.?0+$/, '');
}

/** Used share of an allowance, 0-1 (0 without an allowance). */
export function usedRatio(used: number, total: number): number {
  if (total <= 0) return 0;
  return Math.min(1, Math.max(0, used / total));
}

/** Masks the middle of a long number for display in lists: 1440000000001 → 1440****0001. */
export function maskNo(no: string): string {
  return no.length > 8 ? `${no.slice(0, 4)}****${no.slice(-4)}` : no;
}
