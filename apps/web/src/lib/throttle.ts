/**
 * Leading-edge throttle: the first call runs at once, further calls within `waitMs` are dropped
 * and get the result of the call that ran (spec §4: config, SIM info and hot-question refresh).
 */
export function throttle<A extends unknown[], R>(fn: (...args: A) => R, waitMs: number, now: () => number = Date.now) {
  let last = Number.NEGATIVE_INFINITY;
  let lastResult: R;
  return (...args: A): R => {
    const t = now();
    if (t - last >= waitMs) {
      last = t;
      lastResult = fn(...args);
    }
    return lastResult;
  };
}

/** Refresh throttle of spec §9. */
export const REFRESH_THROTTLE_MS = 1000;
