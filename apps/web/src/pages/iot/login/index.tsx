import { LockOutline } from 'antd-mobile-icons';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Input } from '../../../components/text-input.tsx';
import { useSimLogin } from '../../../features/sim/api/sim-login.ts';
import { useSimLoginConfig } from '../../../features/sim/api/sim-login-config.ts';
import { AgreementCheck, LoginBrand, SnField } from '../../../features/sim/components/login-parts.tsx';
import { Toast } from '../../../lib/feedback.ts';
import { navigateTo, reLaunch, SIM_HOME } from '../../../lib/nav.ts';
import { ApiError } from '../../../lib/request.ts';
import { isSimLoggedIn, useSession } from '../../../lib/session.ts';

const LOGIN_SN = /^[0-9A-Za-z]{4,32}$/;

/** SIM login (spec §2): SIM number, ICCID or device number; the 5 most recent numbers offered. */
export default function SimLoginPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const promoCode = useSession((s) => s.carried.promoCode);
  const recent = useSession((s) => s.loginSns);
  const config = useSimLoginConfig(promoCode).data;
  const login = useSimLogin();
  const [sn, setSn] = useState(() => search.get('sn') ?? recent[0] ?? '');
  const [password, setPassword] = useState('');
  const [needsPassword, setNeedsPassword] = useState(false);
  const [agreed, setAgreed] = useState(false);
  // With a SIM session the self-service entries (home shortcut, banner, My) open the dashboard.
  const active = useSession((s) => isSimLoggedIn(s)) && !search.get('sn');
  useEffect(() => {
    if (active) reLaunch(SIM_HOME).catch(() => undefined);
  }, [active]);

  const submit = () => {
    const value = sn.trim();
    if (!LOGIN_SN.test(value)) {
      Toast.show({ content: t('iot.login.snInvalid') });
      return;
    }
    if (!agreed) {
      Toast.show({ content: t('iot.login.agreeFirst') });
      return;
    }
    login.mutate(
      { sn: value, agreeProtocol: true, ...(needsPassword && password ? { cardPassword: password } : {}) },
      {
        onSuccess: () => void reLaunch(SIM_HOME),
        onError: (error) => {
          if (error instanceof ApiError && error.field === 'cardPassword') setNeedsPassword(true);
        },
      },
    );
  };

  if (active) return null;
  return (
    <div className="sim-login">
      <LoginBrand name={config?.name || t('iot.login.brand')} logo={config?.logo ?? ''} subtitle={t('iot.login.subtitle')} />
      <form
        className="sim-login-card"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <SnField value={sn} onChange={setSn} onEnter={submit} />
        {recent.length > 0 ? (
          <div className="sim-recent">
            <div className="sim-recent-title">{t('iot.login.recent')}</div>
            <ul className="sim-recent-list" aria-label={t('iot.login.recent')}>
              {recent.map((no) => (
                <li key={no}>
                  <button type="button" className="sim-recent-chip" aria-pressed={no === sn} onClick={() => setSn(no)}>
                    {no}
                  </button>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        {needsPassword ? (
          <div className="sim-field">
            <LockOutline fontSize={20} color="#6b7280" />
            <Input
              type="password"
              value={password}
              onChange={setPassword}
              placeholder={t('iot.login.cardPassword')}
              aria-label={t('iot.login.cardPassword')}
              maxLength={64}
              clearable
            />
          </div>
        ) : null}
        <AgreementCheck checked={agreed} onChange={setAgreed} />
        <button type="submit" className="sim-primary-btn" disabled={login.isPending}>
          {login.isPending ? t('iot.login.loggingIn') : t('iot.login.submit')}
        </button>
        {config?.codeLogin !== false ? (
          <div className="sim-login-alt">
            <button
              type="button"
              onClick={() => void navigateTo(`/pages/iot/login/code/index${sn ? `?sn=${encodeURIComponent(sn)}` : ''}`)}
            >
              {t('iot.login.byCode')}
            </button>
          </div>
        ) : null}
      </form>
      <p className="sim-login-help">{t('iot.login.help')}</p>
    </div>
  );
}
