import './sim.css';
import { Checkbox } from 'antd-mobile';
import { BankcardOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Input } from '../../../components/text-input.tsx';
import { navigateTo } from '../../../lib/nav.ts';

export const PROTOCOL_PAGE = '/pages/iot/login/protocol';

/** Brand block at the top of the login pages. */
export function LoginBrand({ name, logo, subtitle }: { name: string; logo: string; subtitle: string }) {
  return (
    <div className="sim-login-brand">
      <div className="sim-login-logo">{logo ? <img src={logo} alt="" width={56} height={56} /> : null}</div>
      <h1>{name}</h1>
      <p>{subtitle}</p>
    </div>
  );
}

/** "I have read and agree to the <agreement>" (spec: the agreement must be accepted). */
export function AgreementCheck({ checked, onChange }: { checked: boolean; onChange: (v: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <div className="sim-agree">
      <Checkbox checked={checked} onChange={onChange} style={{ '--icon-size': '16px', '--font-size': '12px', '--gap': '6px' }}>
        {t('iot.login.agreePrefix')}
      </Checkbox>
      <button type="button" className="sim-agree-link" data-tap-exempt="link in a sentence" onClick={() => void navigateTo(PROTOCOL_PAGE)}>
        {t('iot.login.agreement')}
      </button>
    </div>
  );
}

/** The SIM number / ICCID / device number input of the login pages (spaces are dropped). */
export function SnField({ value, onChange, onEnter }: { value: string; onChange: (sn: string) => void; onEnter?: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="sim-field">
      <BankcardOutline fontSize={20} color="#6b7280" />
      <Input
        value={value}
        onChange={(v) => onChange(v.replace(/\s/g, ''))}
        placeholder={t('iot.login.snPlaceholder')}
        aria-label={t('iot.login.snLabel')}
        clearable
        maxLength={32}
        autoComplete="off"
        onEnterPress={onEnter}
      />
    </div>
  );
}
