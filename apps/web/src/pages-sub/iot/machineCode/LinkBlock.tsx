import { RightOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { openPage } from '../../../lib/nav.ts';

/** A row that opens a page of the app, or another site in the browser. */
export function LinkBlock({
  url,
  title,
  hint,
  icon,
  testId,
}: {
  url: string;
  title: string;
  hint: string;
  icon: ReactNode;
  testId?: string;
}) {
  const inner = (
    <>
      <span className="mc-link-icon" aria-hidden="true">
        {icon}
      </span>
      <span className="mc-link-text">
        <b>{title}</b>
        <span>{hint}</span>
      </span>
      <RightOutline className="mc-link-arrow" />
    </>
  );
  if (url.startsWith('/pages')) {
    return (
      <button type="button" className="card mc-link" onClick={() => void openPage(url)} data-testid={testId}>
        {inner}
      </button>
    );
  }
  return (
    <a className="card mc-link" href={url} target="_blank" rel="noopener noreferrer" data-testid={testId}>
      {inner}
    </a>
  );
}
