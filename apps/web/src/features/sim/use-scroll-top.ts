import { useEffect } from 'react';

/**
 * A page opened from a scrolled one starts at the top (the router keeps the document's scroll);
 * `dep` scrolls up again when it changes (a result shown in place of a form).
 */
export function useScrollTop(dep?: unknown): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: scrolls when `dep` changes
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [dep]);
}
