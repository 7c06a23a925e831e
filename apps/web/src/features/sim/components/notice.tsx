import type { SimLayoutReply } from '@simshop/contract/iot';
import { NoticeBar } from 'antd-mobile';
import { SoundOutline } from 'antd-mobile-icons';
import { lazy, useState } from 'react';
import { FirstOpen } from '../../../lib/after-paint.tsx';

const NoticeSheet = lazy(() => import('./notice-sheet.tsx').then((m) => ({ default: m.NoticeSheet })));

/** The layout notice and the promoter's notices in force: a scrolling bar; tapping lists them in a sheet loaded on the first tap (spec §2 notice). */
export function Notice({ text, notices }: { text: string; notices: SimLayoutReply['notices'] }) {
  const [open, setOpen] = useState(false);
  const line = [text, ...notices.map((n) => n.title)].filter(Boolean).join('　·　');
  if (!line) return null;
  return (
    <>
      <button type="button" className="sim-notice" onClick={() => setOpen(true)}>
        <NoticeBar
          content={line}
          icon={<SoundOutline />}
          color="alert"
          style={{ '--background-color': '#fff8ec', '--border-color': 'transparent', '--text-color': '#92400e', '--height': '44px' }}
        />
      </button>
      <FirstOpen open={open}>
        <NoticeSheet visible={open} text={text} notices={notices} onClose={() => setOpen(false)} />
      </FirstOpen>
    </>
  );
}
