import './sim.css';
import type { SimInfo } from '@simshop/contract/iot';
import { CenterPopup } from 'antd-mobile';
import { CloseOutline, ExclamationShieldFill } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/datetime.ts';
import { Toast } from '../../../lib/feedback.ts';
import { knowsPage, navigateTo } from '../../../lib/nav.ts';
import { useSimRemoveBreak } from '../api/sim-remove-break.ts';

const CUSTOMER_PAGE = '/pages/iot/index/customer/index';

/**
 * The card is restricted for breaking a rule (spec §2 breakPopup): why, and the button that lifts
 * the restriction when the holder is allowed to; it cannot be closed when breakNoClose.
 */
export function BreakPopup({ info, visible, onClose }: { info: SimInfo; visible: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const remove = useSimRemoveBreak();
  const [imageFailed, setImageFailed] = useState(false);
  const attr = info.breakPopupAttr;
  const canClose = !info.breakNoClose;
  const later = !info.allowRemoveBreak && info.breakRemoveAt !== null && info.breakRemoveAt > Date.now();
  return (
    <CenterPopup
      visible={visible && info.breakRuleId > 0}
      onMaskClick={canClose ? onClose : undefined}
      style={{ '--min-width': '300px', '--max-width': '86vw', '--border-radius': '16px' }}
    >
      <div className="sim-break" role="dialog" aria-label={attr?.title || t('iot.break.title')}>
        {canClose ? (
          <button type="button" className="sim-break-close" aria-label={t('common.cancel')} onClick={onClose}>
            <CloseOutline />
          </button>
        ) : null}
        <div className="sim-break-art">
          {attr?.image && !imageFailed ? (
            <img src={attr.image} alt="" width={88} height={88} onError={() => setImageFailed(true)} />
          ) : (
            <ExclamationShieldFill fontSize={56} />
          )}
        </div>
        <h3 className="sim-break-title">{attr?.title || t('iot.break.title')}</h3>
        {attr?.content ? <p className="sim-break-text">{attr.content}</p> : null}
        {info.breakTips ? <p className="sim-break-tips">{info.breakTips}</p> : null}
        {later && info.breakRemoveAt ? <p className="muted">{t('iot.break.later', { time: formatDateTime(info.breakRemoveAt) })}</p> : null}
        {info.allowRemoveBreak ? (
          <button
            type="button"
            className="sim-primary-btn"
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(undefined, {
                onSuccess: (next) => {
                  if (next.breakRuleId === 0) {
                    Toast.show({ icon: 'success', content: t('iot.break.removed') });
                    onClose();
                  }
                },
              })
            }
          >
            {remove.isPending ? t('iot.common.processing') : attr?.confirmText || t('iot.break.remove')}
          </button>
        ) : knowsPage(CUSTOMER_PAGE) ? (
          <button
            type="button"
            className="sim-primary-btn"
            onClick={() => {
              onClose();
              void navigateTo(CUSTOMER_PAGE);
            }}
          >
            {t('iot.break.contact')}
          </button>
        ) : null}
      </div>
    </CenterPopup>
  );
}
