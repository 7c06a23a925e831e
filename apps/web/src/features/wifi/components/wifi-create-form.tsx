import './wifi.css';
import type { WifiEncryption } from '@simshop/contract/iot-codes';
import { utf8Bytes, wifiPasswordProblem } from '@simshop/contract/wifi-qr';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Input } from '../../../components/text-input.tsx';
import { Toast } from '../../../lib/feedback.ts';
import { postSiteWifiCreate } from '../api/wifi-create.ts';
import { useMyWifiCards } from '../stores/my-cards.ts';

const ENCRYPTIONS: WifiEncryption[] = ['WPA', 'WEP', 'nopass'];
const DAYS = [1, 7, 30, 90];

/** A Wi-Fi card for any network (a shop's guest Wi-Fi): checked here, made on the server, kept in this browser. */
export function WifiCreateForm({ onCreated }: { onCreated: (token: string) => void }) {
  const { t } = useTranslation();
  const add = useMyWifiCards((s) => s.add);
  const [ssid, setSsid] = useState('');
  const [password, setPassword] = useState('');
  const [encryption, setEncryption] = useState<WifiEncryption>('WPA');
  const [title, setTitle] = useState('');
  const [days, setDays] = useState(7);
  const [busy, setBusy] = useState(false);

  const problem = (): string | null => {
    if (!ssid.trim()) return t('wifi.form.ssidRequired');
    if (utf8Bytes(ssid) > 32) return t('wifi.form.ssidTooLong');
    const p = wifiPasswordProblem(encryption, encryption === 'nopass' ? '' : password);
    if (p) return t(`wifi.form.password.${p}`);
    return null;
  };

  const submit = async () => {
    const why = problem();
    if (why) {
      Toast.show({ content: why });
      return;
    }
    setBusy(true);
    try {
      const made = await postSiteWifiCreate({
        ssid,
        password: encryption === 'nopass' ? '' : password,
        encryption,
        title: title.trim(),
        days,
      });
      add({ token: made.token, ownerKey: made.ownerKey, ssid: made.ssid, expiresAt: made.expiresAt });
      onCreated(made.token);
    } catch {
      // The request layer showed the refusal.
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card wifi-form" aria-label={t('wifi.form.title')}>
      <h2 className="section-title">{t('wifi.form.title')}</h2>
      <p className="wifi-note">{t('wifi.form.intro')}</p>
      <div className="wifi-form-row">
        <label htmlFor="wifi-ssid">{t('wifi.name')}</label>
        <Input id="wifi-ssid" value={ssid} onChange={setSsid} placeholder={t('wifi.form.ssidPlaceholder')} maxLength={32} clearable />
      </div>
      <fieldset className="wifi-form-row">
        <legend className="wifi-form-label">{t('wifi.security')}</legend>
        <div className="wifi-choices">
          {ENCRYPTIONS.map((e) => (
            <button key={e} type="button" className="wifi-choice" aria-pressed={encryption === e} onClick={() => setEncryption(e)}>
              {t(`wifi.encryption.${e}`)}
            </button>
          ))}
        </div>
      </fieldset>
      {encryption !== 'nopass' ? (
        <div className="wifi-form-row">
          <label htmlFor="wifi-password">{t('wifi.password')}</label>
          <Input
            id="wifi-password"
            value={password}
            onChange={setPassword}
            placeholder={t('wifi.form.passwordPlaceholder')}
            maxLength={64}
          />
        </div>
      ) : null}
      <div className="wifi-form-row">
        <label htmlFor="wifi-title">{t('wifi.form.caption')}</label>
        <Input id="wifi-title" value={title} onChange={setTitle} placeholder={t('wifi.form.captionPlaceholder')} maxLength={40} />
      </div>
      <fieldset className="wifi-form-row">
        <legend className="wifi-form-label">{t('wifi.form.valid')}</legend>
        <div className="wifi-choices">
          {DAYS.map((d) => (
            <button key={d} type="button" className="wifi-choice" aria-pressed={days === d} onClick={() => setDays(d)}>
              {t('wifi.form.days', { count: d })}
            </button>
          ))}
        </div>
      </fieldset>
      <button type="button" className="sim-primary-btn" disabled={busy} onClick={() => void submit()} data-testid="wifi-create">
        {t('wifi.form.submit')}
      </button>
    </section>
  );
}
