import type { OneCodeInfo } from '@simshop/contract/iot-codes';
import { useTranslation } from 'react-i18next';

/** The number being topped up (masked), its operator and the device it sits in. */
export function RechargeNo({ info, title }: { info: OneCodeInfo; title: string }) {
  const { t } = useTranslation();
  return (
    <section className="card mc-no" aria-label={title || t('oneCode.rechargeNo')}>
      <div className="mc-no-label">{title || t('oneCode.rechargeNo')}</div>
      <div className="mc-no-value" data-testid="mc-number">
        {info.maskedNo}
      </div>
      <div className="mc-no-meta">
        {info.operatorTypeName ? <span>{info.operatorTypeName}</span> : null}
        {info.maskedDeviceNo ? <span>{t('oneCode.device', { no: info.maskedDeviceNo })}</span> : null}
      </div>
    </section>
  );
}
