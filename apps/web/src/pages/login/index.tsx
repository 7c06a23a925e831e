import type { AuthorizeStatus } from '@simshop/contract/oauth';
import { isMobile } from '@simshop/contract/validate';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Checkbox, NoticeBar } from 'antd-mobile';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { login } from '../../features/auth/api/login.ts';
import { sendCode } from '../../features/auth/api/send-code.ts';
import { startWechatAuthorize, useWechatInfo } from '../../features/auth/api/wechat-info.ts';
import { ScanSignIn } from '../../features/auth/components/scan-sign-in.tsx';
import { useBaseConfig } from '../../features/site/api/base-config.ts';
import { HOME, NavError, navigateTo, redirectTo, switchTab } from '../../lib/nav.ts';
import { useSession } from '../../lib/session.ts';
import '../../components/shop.css';
import './index.css';
import { Input } from '../../components/text-input.tsx';
import { Toast } from '../../lib/feedback.ts';

/** Seconds before another code may be asked for. */
const RESEND_SECONDS = 60;

function useCountdown(): [number, (seconds: number) => void] {
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);
  return [left, setLeft];
}

/** Back to where the visitor came from (the decoded `redirect`), tab pages by switchTab. */
async function goBackTo(redirect: string | null): Promise<void> {
  const target = redirect?.startsWith('/pages/') && !redirect.startsWith('/pages/login/') ? redirect : '/pages/user/index';
  try {
    await redirectTo(target);
  } catch (error) {
    if (error instanceof NavError && error.detail.startsWith('tabBar page')) return switchTab(target);
    await switchTab(HOME);
  }
}

/** Log in (and look up orders) with the mobile and an SMS code. */
export default function LoginPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const config = useBaseConfig();
  const setUserInfo = useSession((s) => s.setUserInfo);
  const queryClient = useQueryClient();
  const [mobile, setMobile] = useState('');
  const [code, setCode] = useState('');
  const [agreed, setAgreed] = useState(false);
  const [devCode, setDevCode] = useState('');
  const [sending, setSending] = useState(false);
  const [loggingIn, setLoggingIn] = useState(false);
  const [left, startCountdown] = useCountdown();
  const wechat = useWechatInfo().data;
  const redirect = params.get('redirect');
  const afterLogin = redirect?.startsWith('/pages/') && !redirect.startsWith('/pages/login/') ? redirect : '/pages/user/index';
  const signInWithWechat = () =>
    startWechatAuthorize({ type: 'login', page: afterLogin, syncRedirect: true, promoCode: useSession.getState().carried.promoCode });
  // Inside WeChat the sign-in goes through WeChat's authorisation at once (spec §2).
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when WeChat says sign-in is needed
  useEffect(() => {
    if (wechat?.needLogin) signInWithWechat();
  }, [wechat?.needLogin]);

  const mobileOk = isMobile(mobile);
  const [scanning, setScanning] = useState(false);
  const onScanned = useCallback(
    async (r: AuthorizeStatus, state: string) => {
      setScanning(false);
      if (r.status === 'needMobile') return redirectTo(`/pages/authorize/index?state=${state}`);
      if (r.status !== 'loggedIn' || !r.userInfo) return;
      setUserInfo({ mobile: r.userInfo.mobile, nickname: r.nickname || r.userInfo.nickname, avatar: r.avatar || r.userInfo.avatar });
      await queryClient.invalidateQueries({ queryKey: ['orderList'] });
      Toast.show({ icon: 'success', content: t('shop.login.welcome') });
      await goBackTo(redirect);
    },
    [queryClient, redirect, setUserInfo, t],
  );

  const send = async () => {
    if (!mobileOk) {
      Toast.show({ content: t('shop.login.mobileInvalid') });
      return;
    }
    setSending(true);
    try {
      const reply = await sendCode(mobile);
      startCountdown(reply.resendIn > 0 ? reply.resendIn : RESEND_SECONDS);
      setDevCode(reply.devCode ?? '');
      Toast.show({ content: t('shop.login.codeSent') });
    } catch {
      // request.ts showed the reason (e.g. sent too often).
    } finally {
      setSending(false);
    }
  };

  const submit = async () => {
    if (!mobileOk) return Toast.show({ content: t('shop.login.mobileInvalid') });
    if (!/^\d{6}$/.test(code)) return Toast.show({ content: t('shop.login.codeInvalid') });
    if (!agreed) return Toast.show({ content: t('shop.login.agreeFirst') });
    setLoggingIn(true);
    try {
      const user = await login(mobile, code);
      setUserInfo({ mobile: user.mobile, nickname: user.nickname || user.mobileMasked, avatar: user.avatar });
      await queryClient.invalidateQueries({ queryKey: ['orderList'] });
      Toast.show({ icon: 'success', content: t('shop.login.welcome') });
      await goBackTo(params.get('redirect'));
    } catch {
      // request.ts showed the reason (wrong or expired code).
    } finally {
      setLoggingIn(false);
    }
  };

  return (
    <div className="login">
      <div className="login-brand">
        {config?.front.logo ? <img src={config.front.logo} alt="" width={56} height={56} /> : null}
        <h1>{t('shop.login.heading')}</h1>
        <p>{t('shop.login.subheading')}</p>
      </div>
      <form
        className="login-card"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <div className="login-field">
          <span className="login-prefix">+86</span>
          <Input
            type="tel"
            inputMode="numeric"
            autoComplete="tel"
            aria-label={t('shop.login.mobile')}
            placeholder={t('shop.login.mobileHint')}
            value={mobile}
            maxLength={11}
            onChange={(v) => setMobile(v.replace(/\D/g, '').slice(0, 11))}
            clearable
          />
        </div>
        <div className="login-field">
          <Input
            inputMode="numeric"
            autoComplete="one-time-code"
            aria-label={t('shop.login.code')}
            placeholder={t('shop.login.codeHint')}
            value={code}
            maxLength={6}
            onChange={(v) => setCode(v.replace(/\D/g, '').slice(0, 6))}
          />
          <button type="button" className="login-send" disabled={left > 0 || sending || !mobileOk} onClick={() => void send()}>
            {left > 0 ? t('shop.login.resendIn', { seconds: left }) : devCode ? t('shop.login.resend') : t('shop.login.getCode')}
          </button>
        </div>
        {devCode ? (
          <NoticeBar
            color="info"
            wrap
            style={{ '--background-color': '#e6f4f1', '--border-color': '#bfe6dc', '--text-color': '#017a62' }}
            content={
              <span>
                {t('shop.login.devCode')} <b data-testid="dev-code">{devCode}</b>
              </span>
            }
          />
        ) : null}
        <Button type="submit" block shape="rounded" color="primary" size="large" loading={loggingIn} className="login-submit">
          {t('shop.login.submit')}
        </Button>
        {wechat?.enabled ? (
          <button type="button" className="login-wechat" onClick={signInWithWechat}>
            {t('authorize.withWechat')}
          </button>
        ) : null}
        {wechat?.enabled && !wechat.inWechat ? (
          <button type="button" className="login-scan" onClick={() => setScanning(true)}>
            {t('authorize.scanOpen')}
          </button>
        ) : null}
        <div className="login-agree">
          <span className="muted">
            <Checkbox checked={agreed} onChange={setAgreed} style={{ '--icon-size': '15px', '--gap': '6px', '--font-size': '12px' }}>
              {t('shop.login.agreePrefix')}
            </Checkbox>
            <button
              type="button"
              className="text-link"
              data-tap-exempt="link in a sentence"
              onClick={() => void navigateTo('/pages/about/payment')}
            >
              {t('shop.number.terms')}
            </button>
            {t('shop.number.agreeAnd')}
            <button
              type="button"
              className="text-link"
              data-tap-exempt="link in a sentence"
              onClick={() => void navigateTo('/pages/about/promise')}
            >
              {t('shop.number.promise')}
            </button>
          </span>
        </div>
      </form>
      <ScanSignIn visible={scanning} onClose={() => setScanning(false)} onResult={onScanned} />
      <p className="muted login-foot">
        {t('shop.login.privacy')}{' '}
        <button
          type="button"
          className="text-link"
          data-tap-exempt="link in a sentence"
          onClick={() => void navigateTo('/pages/about/textTemplate?type=loginProtocol')}
        >
          {t('about.userAgreement')}
        </button>
      </p>
    </div>
  );
}
