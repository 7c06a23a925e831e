import type { SimLayoutReply } from '@simshop/contract/iot';
import { Popup } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/datetime.ts';

/** The layout notice and the promoter's notices in force, listed in a sheet. */
export function NoticeSheet({
  text,
  notices,
  visible,
  onClose,
}: {
  text: string;
  notices: SimLayoutReply['notices'];
  visible: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose} bodyStyle={{ borderRadius: '16px 16px 0 0' }}>
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
        <button type="button" className="sim-primary-btn" onClick={onClose}>
          {t('iot.common.gotIt')}
        </button>
      </div>
    </Popup>
  );
}
