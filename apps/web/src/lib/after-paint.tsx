import { type ReactNode, Suspense, useEffect, useState } from 'react';

/** True from the first idle moment after the first paint. */
export function useAfterFirstPaint(): boolean {
  const [after, setAfter] = useState(false);
  useEffect(() => {
    if (typeof requestIdleCallback === 'function') {
      const id = requestIdleCallback(() => setAfter(true), { timeout: 1500 });
      return () => cancelIdleCallback(id);
    }
    const id = setTimeout(() => setAfter(true), 300);
    return () => clearTimeout(id);
  }, []);
  return after;
}

/**
 * Shows `children` from the first time `open` is true and keeps them mounted after, so a popup
 * still plays its closing animation; with a `lazy` child, what a page shows only on a tap or in a
 * rare state stays out of the JavaScript loaded before the page first paints.
 */
export function FirstOpen({ open, fallback = null, children }: { open: boolean; fallback?: ReactNode; children: ReactNode }) {
  const [opened, setOpened] = useState(open);
  useEffect(() => {
    if (open) setOpened(true);
  }, [open]);
  if (!open && !opened) return <>{fallback}</>;
  return <Suspense fallback={fallback}>{children}</Suspense>;
}
