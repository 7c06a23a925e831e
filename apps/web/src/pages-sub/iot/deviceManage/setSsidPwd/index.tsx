import '../../../../features/sim/components/sim.css';
import '../../../../features/sim/components/account.css';
import { utf8Bytes } from '@simshop/contract/iot-device';
import { EyeInvisibleOutline, EyeOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Input } from '../../../../components/text-input.tsx';
import { useDeviceCall } from '../../../../features/sim/api/device.ts';
import { useSimInfo } from '../../../../features/sim/api/sim-info.ts';
import { CommandProgress } from '../../../../features/sim/components/device.tsx';
import { SimLoadFailed, SimLoading, SimMissingItem, SimNotOffered } from '../../../../features/sim/components/page-state.tsx';
import { ProveDevice } from '../../../../features/sim/components/prove-device.tsx';
import { isDevice } from '../../../../features/sim/labels.ts';
import { offersBand } from '../../../../features/sim/menu.ts';
import { useRequireSim } from '../../../../features/sim/use-require-sim.ts';

const PASSWORD = /^[\x20-\x7e]{8,63}$/;

/** Changes a band's Wi-Fi name and password (spec §2 setSsidPwd) and follows the device until it has applied them. */
export default function SetSsidPwdPage() {
  const { t } = useTranslation();
  const loggedIn = useRequireSim();
  const info = useSimInfo();
  const [search] = useSearchParams();
  const set = useDeviceCall('setWiFiSsidPwd');
  const [name, setName] = useState<string | null>(null);
  const [pass, setPass] = useState<string | null>(null);
  const [showPass, setShowPass] = useState(false);
  const [commandId, setCommandId] = useState('');
  if (!loggedIn) return null;
  if (info.isError) return <SimLoadFailed onRetry={() => void info.refetch()} />;
  const sim = info.data;
  if (!sim) return <SimLoading />;
  if (!isDevice(sim) || !sim.device) {
    return <SimMissingItem title={t('iot.device.notDevice')} action={t('iot.device.backHome')} to="/pages/iot/index/index" />;
  }
  if (!sim.sessionProven) {
    return (
      <div className="sim-page dev-page acct-page">
        <ProveDevice info={sim} what={t('iot.prove.settings')} />
      </div>
    );
  }
  const wifis = sim.device.wifis.filter((w) => offersBand(w.wifiType, sim));
  if (wifis.length === 0) return <SimNotOffered />;
  const wifi = wifis.find((w) => w.wifiType === search.get('wifiType')) ?? wifis[0];
  if (!wifi) return <SimMissingItem title={t('iot.device.notDevice')} action={t('iot.device.backHome')} to="/pages/iot/index/index" />;
  const ssid = name ?? wifi.wifiName;
  const password = pass ?? wifi.wifiPass;
  const bytes = utf8Bytes(ssid);
  const nameOk = bytes >= 1 && bytes <= 32 && ![...ssid].some((ch) => ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f);
  const passOk = PASSWORD.test(password);
  const changed = ssid !== wifi.wifiName || password !== wifi.wifiPass;

  return (
    <div className="sim-page dev-page acct-page">
      <div className="acct-hero">
        <b>{t('iot.device.bandTitle', { band: wifi.wifiType })}</b>
        <span>{t('iot.device.setHint')}</span>
      </div>
      <section className="card acct-card">
        <h2>{t('iot.device.wifiName')}</h2>
        <div className="sim-field">
          {/* An SSID is at most 32 bytes (the counter below), so it never has more than 32 characters. */}
          <Input
            aria-label={t('iot.device.wifiName')}
            placeholder={t('iot.device.wifiName')}
            maxLength={32}
            value={ssid}
            onChange={setName}
          />
        </div>
        <p className={`dev-counter ${nameOk ? '' : 'acct-error'}`} data-testid="ssid-bytes">
          {t('iot.device.bytes', { count: bytes })}
        </p>
        <h2>{t('iot.device.wifiPassword')}</h2>
        <div className="sim-field">
          <Input
            aria-label={t('iot.device.wifiPassword')}
            placeholder={t('iot.device.wifiPassword')}
            type={showPass ? 'text' : 'password'}
            maxLength={63}
            value={password}
            onChange={setPass}
          />
          <button
            type="button"
            className="sim-icon-btn"
            aria-label={t(showPass ? 'iot.wifi.hide' : 'iot.wifi.show')}
            onClick={() => setShowPass(!showPass)}
          >
            {showPass ? <EyeInvisibleOutline /> : <EyeOutline />}
          </button>
        </div>
        <p className={`dev-counter ${passOk ? '' : 'acct-error'}`}>{t('iot.device.passwordRule')}</p>
        {commandId ? <CommandProgress key={commandId} commandId={commandId} label={t('iot.device.kind.setWifi')} /> : null}
      </section>
      <button
        type="button"
        className="sim-primary-btn"
        disabled={!nameOk || !passOk || !changed || set.isPending}
        onClick={() =>
          set.mutate({ wifiType: wifi.wifiType, wifiName: ssid, wifiPass: password }, { onSuccess: (c) => setCommandId(c.commandId) })
        }
      >
        {t('iot.device.save')}
      </button>
    </div>
  );
}
