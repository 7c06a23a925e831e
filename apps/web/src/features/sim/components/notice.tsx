import type { SimLayoutReply } from '@simshop/contract/iot';
import { NoticeBar, Popup } from 'antd-mobile';
import { SoundOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/datetime.ts';

/** The layout notice and the promoter's notices in force: a scrolling bar; tapping lists them (spec §2 notice). */
export function Notice({ text, notices }: { text: string; notices: SimLayoutReply['notices'] }) {
  const { t } = useTranslation();
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
      <Popup visible={open} onMaskClick={() => setOpen(false)} onClose={() => setOpen(false)} bodyStyle={{ borderRadius: '16px 16px 0 0' }}>
        <div className="sim-sheet">
          <h3 className="sim-sheet-title">{t('iot.notice.title')}</h3>
          {text ? <p className="sim-notice-text">{text}</p> : null}
          {notices.map((n) => (
            <article key={n.id} className="sim-notice-item">
              <h4>{n.title}</h4>
              <p>{n.content}</p>
              <span className="muted">{formatDate(n.startAt)}</span>
            </article>
          ))}
          <button type="button" className="sim-primary-btn" onClick={() => setOpen(false)}>
            {t('iot.common.gotIt')}
          </button>
        </div>
      </Popup>
    </>
  );
}
