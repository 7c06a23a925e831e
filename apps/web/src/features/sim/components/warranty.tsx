import type { SimInfo } from '@simshop/contract/iot';
import { RightOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { knowsPage, navigateTo } from '../../../lib/nav.ts';
import { flowText } from '../format.ts';
import { isDevice } from '../labels.ts';

/** An eye (show the details), crossed out (hide them): drawn here, a fraction of antd-mobile's icon files. */
function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <svg
      width="1em"
      height="1em"
      viewBox="0 0 24 24"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
    >
      <path d="M2 12s3.6-6.5 10-6.5S22 12 22 12s-3.6 6.5-10 6.5S2 12 2 12z" />
      <circle cx="12" cy="12" r="3" />
      {crossed ? <path d="M4 4l16 16" /> : null}
    </svg>
  );
}

const DEVICE_PAGE = '/pages-sub/iot/deviceManage/index';
const WIFI_PAGE = '/pages-sub/wifi/index';
const CODE_PAGE = '/pages-sub/iot/machineCode/index';

function WifiRow({ wifi, proven }: { wifi: NonNullable<SimInfo['device']>['wifis'][number]; proven: boolean }) {
  const { t } = useTranslation();
  const [show, setShow] = useState(false);
  return (
    <div className="sim-wifi" data-testid={`wifi-${wifi.wifiType}`}>
      <span className={`sim-wifi-band ${wifi.wifiType === '5G' ? 'g5' : ''}`}>{wifi.wifiType}</span>
      <div className="sim-wifi-main">
        <div className="sim-wifi-name">
          {wifi.wifiName}
          {!wifi.switchWifi ? <em>{t('iot.wifi.off')}</em> : !wifi.showWifi ? <em>{t('iot.wifi.hidden')}</em> : null}
        </div>
        <div className="sim-wifi-pass">
          {t('iot.wifi.password')}: <span>{proven && show ? wifi.wifiPass : '••••••••'}</span>
          {proven ? (
            <button
              type="button"
              className="sim-icon-btn"
              aria-label={t(show ? 'iot.wifi.hide' : 'iot.wifi.show')}
              onClick={() => setShow(!show)}
            >
              <EyeIcon crossed={show} />
            </button>
          ) : (
            // A login by number alone reads no password (decision 0105): the device page verifies.
            <button type="button" className="sim-link-btn" onClick={() => void navigateTo(DEVICE_PAGE)}>
              {t('iot.prove.secretsHidden')}
            </button>
          )}
        </div>
      </div>
      <div className="sim-wifi-conn">
        <b>
          {wifi.connCount}/{wifi.maxConnCount}
        </b>
        <span>{t('iot.wifi.connected')}</span>
      </div>
    </div>
  );
}

/** The device of the card: Wi-Fi entries and its warranty (spec §2 warranty). Nothing for a plain SIM. */
export function Warranty({ info, title }: { info: SimInfo; title: string }) {
  const { t } = useTranslation();
  const device = info.device;
  if (!isDevice(info) || !device) return null;
  const tag = info.warrantyExpireTag;
  const links = [
    { to: DEVICE_PAGE, label: t('iot.wifi.deviceSettings'), testId: 'device-manage-link' },
    { to: WIFI_PAGE, label: t('iot.wifi.manage'), testId: 'device-wifi-link' },
    { to: CODE_PAGE, label: t('iot.wifi.topupCode'), testId: 'device-code-link' },
  ].filter((l) => knowsPage(l.to));
  return (
    <section className="card sim-warranty" aria-label={title}>
      <div className="sim-card-head">
        <h2 className="section-title">{title}</h2>
        <span className={`sim-badge tone-${tag === 'valid' ? 'good' : tag === 'none' ? 'plain' : tag === 'expiring' ? 'warn' : 'bad'}`}>
          {t(`iot.warranty.${tag}`)}
        </span>
      </div>
      <div className="sim-device-line">
        <span>{device.model}</span>
        <span className="muted">
          {t('iot.label.deviceNumber')} {device.deviceNo}
        </span>
      </div>
      <div className="sim-wifi-list">
        {device.wifis.map((w) => (
          <WifiRow key={w.wifiType} wifi={w} proven={info.sessionProven} />
        ))}
      </div>
      {device.live ? (
        <div className="sim-device-live" data-testid="device-live">
          <span className={`sim-badge tone-${device.live.online ? 'good' : 'bad'}`}>
            {device.live.online ? t('iot.device.online') : t('iot.device.offline')}
          </span>
          <span>{t('iot.wifi.liveClients', { count: device.live.clients })}</span>
          <span>{t('iot.wifi.liveTraffic', { traffic: flowText(device.live.trafficMb) })}</span>
          <span className="muted">{t('iot.wifi.carrierUse', { traffic: flowText(info.monthUseFlow) })}</span>
        </div>
      ) : null}
      {links.length > 0 ? (
        <div className="sim-device-links">
          {links.map((l) => (
            <button key={l.to} type="button" className="sim-link" onClick={() => void navigateTo(l.to)} data-testid={l.testId}>
              {l.label} <RightOutline />
            </button>
          ))}
        </div>
      ) : null}
      {info.warrantyExpireDate ? (
        <div className="sim-warranty-line" data-testid="warranty-date">
          {t('iot.warranty.until', { date: info.warrantyExpireDate })}
        </div>
      ) : null}
      {info.warrantyContent ? <p className="sim-warranty-text">{info.warrantyContent}</p> : null}
    </section>
  );
}
