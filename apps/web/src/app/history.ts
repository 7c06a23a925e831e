/**
 * The page stack on top of the browser history. react-router keeps an index in history.state;
 * reLaunch and switchTab start a new stack at the current index (uni-app closes the pages below).
 */
const BASE_KEY = 'simshop-stack-base';

function currentIndex(): number {
  const idx = (window.history.state as { idx?: number } | null)?.idx;
  return typeof idx === 'number' ? idx : 0;
}

function base(): number {
  const v = Number(sessionStorage.getItem(BASE_KEY) ?? '0');
  return Number.isFinite(v) ? v : 0;
}

/** Pages below the current one in this stack. */
export function stackDepth(): number {
  return Math.max(0, currentIndex() - base());
}

/** Marks the current page as the bottom of a new stack. */
export function resetStack(): void {
  try {
    sessionStorage.setItem(BASE_KEY, String(currentIndex()));
  } catch {
    /* storage unavailable: navigateBack then falls back to the browser history */
  }
}
