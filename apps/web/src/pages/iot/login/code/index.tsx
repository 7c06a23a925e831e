import { MailOutline } from 'antd-mobile-icons';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Input } from '../../../../components/text-input.tsx';
import { useSimLogin } from '../../../../features/sim/api/sim-login.ts';
import { useSimLoginCode } from '../../../../features/sim/api/sim-login-code.ts';
import { useSimLoginConfig } from '../../../../features/sim/api/sim-login-config.ts';
import { AgreementCheck, LoginBrand, SnField } from '../../../../features/sim/components/login-parts.tsx';
import { Toast } from '../../../../lib/feedback.ts';
import { reLaunch } from '../../../../lib/nav.ts';
import { useSession } from '../../../../lib/session.ts';

const LOGIN_SN = /^[0-9A-Za-z]{4,32}$/;
/** Resend countdown when the server does not say (spec: 60 s). */
const RESEND_SECONDS = 60;

/** Login with an SMS code sent to the phone bound to the card. */
export default function SimCodeLoginPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const promoCode = useSession((s) => s.carried.promoCode);
  const recent = useSession((s) => s.loginSns);
  const config = useSimLoginConfig(promoCode).data;
  const sendCode = useSimLoginCode();
  const login = useSimLogin();
  const [sn, setSn] = useState(() => search.get('sn') ?? recent[0] ?? '');
  const [code, setCode] = useState('');
  const [agreed, setAgreed] = useState(false);
  const [left, setLeft] = useState(0);
  const sent = sendCode.data;
  const codeLength = config?.codeLength ?? 6;

  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);

  const send = () => {
    if (!LOGIN_SN.test(sn.trim())) {
      Toast.show({ content: t('iot.login.snInvalid') });
      return;
    }
    sendCode.mutate(sn.trim(), {
      onSuccess: (reply) => {
        setLeft(reply.resendIn || RESEND_SECONDS);
        Toast.show({ content: t('iot.code.sent', { mobile: reply.mobile }) });
      },
    });
  };

  const submit = () => {
    if (!LOGIN_SN.test(sn.trim())) {
      Toast.show({ content: t('iot.login.snInvalid') });
      return;
    }
    if (!new RegExp(`^\\d{${codeLength}}$`).test(code)) {
      Toast.show({ content: t('iot.code.invalid', { n: codeLength }) });
      return;
    }
    if (!agreed) {
      Toast.show({ content: t('iot.login.agreeFirst') });
      return;
    }
    login.mutate({ sn: sn.trim(), code, agreeProtocol: true }, { onSuccess: () => void reLaunch('/pages/iot/index/index') });
  };

  return (
    <div className="sim-login">
      <LoginBrand name={config?.name || t('iot.login.brand')} logo={config?.logo ?? ''} subtitle={t('iot.code.subtitle')} />
      <form
        className="sim-login-card"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <SnField value={sn} onChange={setSn} />
        <div className="sim-field">
          <MailOutline fontSize={20} color="#6b7280" />
          <Input
            value={code}
            onChange={(v) => setCode(v.replace(/\D/g, '').slice(0, codeLength))}
            placeholder={t('iot.code.placeholder')}
            aria-label={t('iot.code.label')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={codeLength}
            onEnterPress={submit}
          />
          <button type="button" className="sim-field-btn" disabled={left > 0 || sendCode.isPending} onClick={send}>
            {left > 0 ? t('iot.code.resendIn', { seconds: left }) : sent ? t('iot.code.resend') : t('iot.code.send')}
          </button>
        </div>
        {sent ? (
          <div className="sim-code-sent">
            {t('iot.code.sentTo', { mobile: sent.mobile, minutes: Math.max(1, Math.round(sent.expiresIn / 60)) })}
          </div>
        ) : null}
        {sent?.devCode ? (
          <div className="sim-dev-code" data-testid="dev-code">
            <span>{t('iot.code.demo', { code: sent.devCode })}</span>
            <button type="button" onClick={() => setCode(sent.devCode ?? '')}>
              {t('iot.code.fill')}
            </button>
          </div>
        ) : null}
        <AgreementCheck checked={agreed} onChange={setAgreed} />
        <button type="submit" className="sim-primary-btn" disabled={login.isPending}>
          {login.isPending ? t('iot.login.loggingIn') : t('iot.login.submit')}
        </button>
      </form>
      <p className="sim-login-help">{t('iot.code.help')}</p>
    </div>
  );
}
