import './wifi.css';
import type { WifiCode } from '@simshop/contract/iot-codes';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { copyWithToast } from '../../../lib/clipboard.ts';
import { formatDateTime } from '../../../lib/datetime.ts';

/** One row of the card: a label, the value, and a copy button. */
export function CopyRow({ label, value, testId }: { label: string; value: string; testId?: string }) {
  const { t } = useTranslation();
  return (
    <div className="wifi-field">
      <span className="wifi-field-label">{label}</span>
      <span className="wifi-field-value" data-testid={testId}>
        {value}
      </span>
      <button
        type="button"
        className="wifi-copy"
        onClick={() => void copyWithToast(value, label)}
        aria-label={t('wifi.copyLabel', { label })}
      >
        {t('wifi.copy')}
      </button>
    </div>
  );
}

/** A network: its name and password with copy buttons, and the QR a phone camera joins it with. */
export function WifiNetwork({ code, band, children }: { code: WifiCode; band?: string; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <section className="card" aria-label={code.ssid}>
      <div className="wifi-head">
        <h2>{code.title || t('wifi.network')}</h2>
        {band ? <span className={`wifi-band ${band === '5G' ? 'g5' : ''}`}>{band}</span> : null}
      </div>
      <div className="wifi-qr">
        <img src={code.qrSvg} alt={t('wifi.qrAlt', { ssid: code.ssid })} data-testid="wifi-qr" />
        <p>{t('wifi.qrHint')}</p>
      </div>
      <CopyRow label={t('wifi.name')} value={code.ssid} testId="wifi-ssid" />
      {code.encryption === 'nopass' ? (
        <div className="wifi-field">
          <span className="wifi-field-label">{t('wifi.password')}</span>
          <span className="wifi-field-value">{t('wifi.open')}</span>
        </div>
      ) : (
        <CopyRow label={t('wifi.password')} value={code.password} testId="wifi-password" />
      )}
      <div className="wifi-field">
        <span className="wifi-field-label">{t('wifi.security')}</span>
        <span className="wifi-field-value">{t(`wifi.encryption.${code.encryption}`)}</span>
      </div>
      {code.hidden ? <p className="wifi-note">{t('wifi.hiddenNote')}</p> : null}
      {code.expiresAt !== null ? <p className="wifi-note">{t('wifi.validUntil', { time: formatDateTime(code.expiresAt) })}</p> : null}
      {children}
    </section>
  );
}
