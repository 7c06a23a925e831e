import '../../features/wifi/components/wifi.css';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSimInfo } from '../../features/sim/api/sim-info.ts';
import { SimLoading } from '../../features/sim/components/page-state.tsx';
import { ProveDevice } from '../../features/sim/components/prove-device.tsx';
import { isDevice } from '../../features/sim/labels.ts';
import { useWifiCode } from '../../features/wifi/api/get-wifi-code.ts';
import { postIotWifiCreate } from '../../features/wifi/api/wifi-create.ts';
import { MyWifiCards } from '../../features/wifi/components/my-wifi-cards.tsx';
import { WifiCreateForm } from '../../features/wifi/components/wifi-create-form.tsx';
import { WifiNetwork } from '../../features/wifi/components/wifi-network.tsx';
import { useMyWifiCards } from '../../features/wifi/stores/my-cards.ts';
import { navigateTo, SIM_LOGIN } from '../../lib/nav.ts';
import { isSimLoggedIn, useSession } from '../../lib/session.ts';

const SHARE = '/pages-sub/wifi/share';
const CONNECT = '/pages-sub/wifi/connect';

/** A band of the card's device: the network with its join QR, and the ways to hand it on. */
function DeviceBand({ band, off }: { band: '2.4G' | '5G'; off: boolean }) {
  const { t } = useTranslation();
  const code = useWifiCode({ wifiType: band });
  const add = useMyWifiCards((s) => s.add);
  const [busy, setBusy] = useState(false);
  if (code.isLoading) return <SimLoading lines={4} />;
  if (!code.data) return null;
  const share = async () => {
    setBusy(true);
    try {
      const made = await postIotWifiCreate({ wifiType: band, days: 7 });
      add({ token: made.token, ownerKey: made.ownerKey, ssid: made.ssid, expiresAt: made.expiresAt });
      await navigateTo(`${SHARE}?token=${made.token}`);
    } catch {
      // The request layer showed the refusal.
    } finally {
      setBusy(false);
    }
  };
  return (
    <div data-testid={`wifi-band-${band}`}>
      <WifiNetwork code={code.data} band={band}>
        {off ? <p className="wifi-note">{t('wifi.offNote')}</p> : null}
        <div className="wifi-actions">
          <button type="button" className="sim-ghost-btn" onClick={() => void navigateTo(`${CONNECT}?wifiType=${band}`)}>
            {t('wifi.showToJoin')}
          </button>
          <button type="button" className="sim-primary-btn" disabled={busy} onClick={() => void share()} data-testid={`wifi-share-${band}`}>
            {t('wifi.share')}
          </button>
        </div>
        <p className="wifi-note">{t('wifi.shareNote')}</p>
      </WifiNetwork>
    </div>
  );
}

/** Wi-Fi (spec §2 /pages-sub/wifi/index): the device's networks for its holder, and Wi-Fi cards for any network. */
export default function WifiIndexPage() {
  const { t } = useTranslation();
  const loggedIn = useSession(isSimLoggedIn);
  const info = useSimInfo();
  const [now] = useState(() => Date.now());
  const device = info.data && isDevice(info.data) ? info.data.device : null;
  const openShare = (token: string) => void navigateTo(`${SHARE}?token=${token}`);
  return (
    <div className="wifi-page" data-testid="wifi-page">
      {loggedIn && info.isLoading ? <SimLoading lines={4} /> : null}
      {device && info.data && !info.data.sessionProven ? <ProveDevice info={info.data} what={t('iot.prove.share')} /> : null}
      {device && info.data?.sessionProven
        ? device.wifis.map((w) => <DeviceBand key={w.wifiType} band={w.wifiType as '2.4G' | '5G'} off={!w.switchWifi} />)
        : null}
      {loggedIn && info.data && !device ? (
        <section className="card">
          <h2 className="section-title">{t('wifi.deviceTitle')}</h2>
          <p className="wifi-note">{t('wifi.notDevice')}</p>
        </section>
      ) : null}
      {!loggedIn ? (
        <section className="card">
          <h2 className="section-title">{t('wifi.deviceTitle')}</h2>
          <p className="wifi-note">{t('wifi.deviceLogin')}</p>
          <button type="button" className="sim-ghost-btn" onClick={() => void navigateTo(SIM_LOGIN)}>
            {t('wifi.login')}
          </button>
        </section>
      ) : null}
      <WifiCreateForm onCreated={openShare} />
      <MyWifiCards onOpen={openShare} now={now} />
    </div>
  );
}
