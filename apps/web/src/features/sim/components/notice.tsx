import type { SimLayoutReply } from '@simshop/contract/iot';
import { SoundOutline } from 'antd-mobile-icons';
import { lazy, useLayoutEffect, useRef, useState } from 'react';
import { FirstOpen } from '../../../lib/after-paint.tsx';

const NoticeSheet = lazy(() => import('./notice-sheet.tsx').then((m) => ({ default: m.NoticeSheet })));

/**
 * One line of notice text that scrolls sideways when it is longer than the bar (still, and wrapped
 * over as many lines as it needs, for people who ask for reduced motion). Our own: antd-mobile's
 * NoticeBar would add 3 KiB to the dashboard's first paint for the same line.
 */
function NoticeLine({ line }: { line: string }) {
  const box = useRef<HTMLSpanElement>(null);
  const [scroll, setScroll] = useState<number | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: measured again whenever the line changes
  useLayoutEffect(() => {
    const el = box.current;
    const text = el?.firstElementChild as HTMLElement | null;
    if (!el || !text) return;
    // The line rests at its start, then moves its own width to the left, and starts again.
    setScroll(text.scrollWidth > el.clientWidth ? text.scrollWidth : null);
  }, [line]);
  return (
    <span className="sim-notice-bar">
      <SoundOutline aria-hidden className="sim-notice-icon" />
      <span ref={box} className="sim-notice-box">
        <span
          className={scroll === null ? 'sim-notice-line' : 'sim-notice-line sim-notice-moving'}
          // About 40 px a second while moving (the first 20 % of the time it rests).
          style={scroll === null ? undefined : { animationDuration: `${Math.round(scroll / 40 / 0.8)}s` }}
        >
          {line}
        </span>
      </span>
    </span>
  );
}

/** The layout notice and the promoter's notices in force: a scrolling bar; tapping lists them in a sheet loaded on the first tap (spec §2 notice). */
export function Notice({ text, notices }: { text: string; notices: SimLayoutReply['notices'] }) {
  const [open, setOpen] = useState(false);
  const line = [text, ...notices.map((n) => n.title)].filter(Boolean).join('　·　');
  if (!line) return null;
  return (
    <>
      <button type="button" className="sim-notice" onClick={() => setOpen(true)}>
        <NoticeLine line={line} />
      </button>
      <FirstOpen open={open}>
        <NoticeSheet visible={open} text={text} notices={notices} onClose={() => setOpen(false)} />
      </FirstOpen>
    </>
  );
}
