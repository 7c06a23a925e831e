/** Fen as yuan with two decimals and thousands separators: 1234567 → ¥12,345.67. */
export const yuan = (fen: number) => {
  const [whole, cents] = (Math.abs(fen) / 100).toFixed(2).split('.');
  return `${fen < 0 ? '-' : ''}¥${(whole ?? '0').replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${cents}`;
};

/** A count with thousands separators: 12345 → 12,345. */
export const count = (n: number) => n.toLocaleString('en-US');
