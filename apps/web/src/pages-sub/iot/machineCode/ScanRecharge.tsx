import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { copyWithToast } from '../../../lib/clipboard.ts';
import { appAddress, qrDataUrl } from '../../../lib/qr.ts';

/** The code of this page to scan with another phone (whoever pays need not hold the device). */
export function ScanRecharge({ code, title }: { code: string; title: string }) {
  const { t } = useTranslation();
  const link = appAddress(`/pages-sub/iot/machineCode/index?code=${code}`, undefined);
  const [qr, setQr] = useState('');
  useEffect(() => {
    void qrDataUrl(link).then(setQr);
  }, [link]);
  return (
    <section className="card" aria-label={title || t('oneCode.scan')}>
      <h2 className="section-title">{title || t('oneCode.scan')}</h2>
      <div className="wifi-qr">
        {qr ? <img src={qr} alt={t('oneCode.scanAlt')} data-testid="mc-qr" /> : null}
        <p>{t('oneCode.scanHint')}</p>
      </div>
      <button type="button" className="sim-ghost-btn" onClick={() => void copyWithToast(link, t('oneCode.link'))}>
        {t('oneCode.copyLink')}
      </button>
    </section>
  );
}
