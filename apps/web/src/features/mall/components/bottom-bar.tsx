import type { ReactNode } from 'react';

/** The bar stuck to the bottom of a page: a line of information on the left, the action on the right. */
export function BottomBar({ info, children }: { info: ReactNode; children: ReactNode }) {
  return (
    <>
      <div className="pay-bar-space" aria-hidden="true" />
      <div className="pay-bar">
        <div className="pay-bar-total">{info}</div>
        {children}
      </div>
    </>
  );
}
