/** Width limit and rem base of spec §9: font size = min(width, 960) / 23.4375 (16 px at 375). */
export const MAX_WIDTH = 960;
export const REM_DIVISOR = 23.4375;

export function remFor(width: number): number {
  return Math.min(width, MAX_WIDTH) / REM_DIVISOR;
}

export function applyRem(): void {
  const set = () => {
    document.documentElement.style.fontSize = `${remFor(document.documentElement.clientWidth || window.innerWidth)}px`;
  };
  set();
  window.addEventListener('resize', set);
}
