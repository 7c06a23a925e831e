import '../../features/wifi/components/wifi.css';
import { TOKEN } from '@simshop/contract/iot-codes';
import { ErrorBlock } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { SimLoading } from '../../features/sim/components/page-state.tsx';
import { useWifiCode, type WifiCodeTarget } from '../../features/wifi/api/get-wifi-code.ts';
import { WifiNetwork } from '../../features/wifi/components/wifi-network.tsx';
import { navigateTo, reLaunch, SIM_LOGIN } from '../../lib/nav.ts';
import { isSimLoggedIn, useSession } from '../../lib/session.ts';

const WIFI = '/pages-sub/wifi/index';

function targetOf(params: URLSearchParams): WifiCodeTarget | null {
  const token = params.get('token') ?? '';
  if (TOKEN.test(token)) return { token };
  const band = params.get('wifiType');
  return band === '2.4G' || band === '5G' ? { wifiType: band } : null;
}

/** Join a Wi-Fi (spec §2 /pages-sub/wifi/connect): a card's network (no login) or a band of the card's device. */
export default function WifiConnectPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const loggedIn = useSession(isSimLoggedIn);
  const target = targetOf(params);
  const needsLogin = target !== null && 'wifiType' in target && !loggedIn;
  const code = useWifiCode(needsLogin ? null : target);

  if (target === null || needsLogin) {
    return (
      <div className="center-view">
        <ErrorBlock status="empty" title={needsLogin ? t('wifi.deviceLogin') : t('wifi.noCard')} description="" />
        <button type="button" className="sim-pill-btn" onClick={() => void (needsLogin ? reLaunch(SIM_LOGIN) : navigateTo(WIFI))}>
          {needsLogin ? t('wifi.login') : t('wifi.makeCard')}
        </button>
      </div>
    );
  }
  if (code.isError) {
    return (
      <div className="center-view" data-testid="wifi-unavailable">
        <ErrorBlock status="default" title={t('wifi.unavailable')} description={code.error.message} />
        <button type="button" className="sim-pill-btn" onClick={() => void navigateTo(WIFI)}>
          {t('wifi.makeCard')}
        </button>
      </div>
    );
  }
  return (
    <div className="wifi-page" data-testid="wifi-connect">
      {code.data ? (
        <>
          <WifiNetwork code={code.data} band={'wifiType' in target ? target.wifiType : undefined} />
          <section className="card" aria-label={t('wifi.howTitle')}>
            <h2 className="section-title">{t('wifi.howTitle')}</h2>
            <ol className="wifi-steps">
              <li>{t('wifi.how1')}</li>
              <li>{t('wifi.how2')}</li>
              <li>{t('wifi.how3')}</li>
            </ol>
          </section>
        </>
      ) : (
        <SimLoading lines={6} />
      )}
    </div>
  );
}
