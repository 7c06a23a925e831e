import { useEffect } from 'react';

/**
 * Scrolls to the top when `dep` changes: a result shown in place of a form. (A page opened anew
 * already starts at the top: the page shell does that for every page.)
 */
export function useScrollTop(dep: unknown): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: scrolls when `dep` changes
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [dep]);
}
