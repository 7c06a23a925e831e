import { CenterPopup, Checkbox } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/session.ts';

/**
 * The layout popup of the dashboard (spec §3 popup) with its don't-show-again flag
 * (iotIndexPopupPrevent, kept in the IoT session).
 */
export function LayoutPopup({
  title,
  content,
  visible,
  onClose,
  preview = false,
}: {
  title: string;
  content: string;
  visible: boolean;
  onClose: () => void;
  /** A console preview: the flag is not kept. */
  preview?: boolean;
}) {
  const { t } = useTranslation();
  const setPrevent = useSession((s) => s.setIotPopupPrevent);
  const [dontShow, setDontShow] = useState(false);
  return (
    <CenterPopup visible={visible} style={{ '--min-width': '300px', '--max-width': '86vw', '--border-radius': '16px' }}>
      <div className="sim-layout-popup" role="dialog" aria-label={title || t('iot.popup.title')}>
        <div className="sim-layout-popup-head">{title || t('iot.popup.title')}</div>
        <p className="sim-layout-popup-text">{content}</p>
        <Checkbox checked={dontShow} onChange={setDontShow} style={{ '--icon-size': '16px', '--font-size': '13px', '--gap': '6px' }}>
          {t('iot.popup.dontShow')}
        </Checkbox>
        <button
          type="button"
          className="sim-primary-btn"
          onClick={() => {
            if (dontShow && !preview) setPrevent(true);
            onClose();
          }}
        >
          {t('iot.common.gotIt')}
        </button>
      </div>
    </CenterPopup>
  );
}
