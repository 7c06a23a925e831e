import '../../components/shop.css';
import '../login/index.css';
import type { AuthorizeStatus } from '@simshop/contract/oauth';
import { isMobile } from '@simshop/contract/validate';
import { useQueryClient } from '@tanstack/react-query';
import { Button, ErrorBlock, NoticeBar, SpinLoading } from 'antd-mobile';
import { CheckCircleFill } from 'antd-mobile-icons';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Input } from '../../components/text-input.tsx';
import { sendCode } from '../../features/auth/api/send-code.ts';
import { updateAuthorizeStatus } from '../../features/auth/api/update-authorize-status.ts';
import { Toast } from '../../lib/feedback.ts';
import { HOME, NavError, redirectTo, switchTab } from '../../lib/nav.ts';
import { useSession } from '../../lib/session.ts';

/** Goes on to the page the authorisation was started for (tab pages by switchTab). */
async function goOn(page: string): Promise<void> {
  try {
    await redirectTo(page);
  } catch (error) {
    if (error instanceof NavError && error.detail.startsWith('tabBar page')) return switchTab(page.split('?')[0] ?? page);
    await switchTab(HOME);
  }
}

/**
 * Where WeChat (or its simulator) sends the browser back (spec §2 /pages/authorize/index): the
 * authorisation is completed here, in the browser that started it. A WeChat account not yet linked
 * to a shop login proves a mobile once by SMS code.
 */
export default function AuthorizePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const state = params.get('state') ?? '';
  const failure = params.get('error');
  const queryClient = useQueryClient();
  const setUserInfo = useSession((s) => s.setUserInfo);
  const [result, setResult] = useState<AuthorizeStatus | null>(null);
  const [error, setError] = useState(!state || Boolean(failure));
  const [mobile, setMobile] = useState('');
  const [code, setCode] = useState('');
  const [devCode, setDevCode] = useState('');
  const [busy, setBusy] = useState(false);

  const apply = async (r: AuthorizeStatus) => {
    setResult(r);
    if (r.status === 'loggedIn' && r.userInfo) {
      setUserInfo({ mobile: r.userInfo.mobile, nickname: r.nickname || r.userInfo.nickname, avatar: r.avatar || r.userInfo.avatar });
      await queryClient.invalidateQueries({ queryKey: ['orderList'] });
      Toast.show({ icon: 'success', content: t('authorize.welcome') });
    }
    if ((r.status === 'loggedIn' || r.status === 'linked') && r.syncRedirect === 1) await goOn(r.page);
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: completes once per state; `apply` is recreated each render
  useEffect(() => {
    if (!state || failure) return;
    updateAuthorizeStatus({ state }).then(apply, () => setError(true));
  }, [state, failure]);

  if (error) {
    return (
      <div className="center-view">
        <ErrorBlock
          status="default"
          title={t('authorize.failed')}
          description={t(failure === 'code' ? 'authorize.codeRefused' : 'authorize.expired')}
        />
      </div>
    );
  }
  if (!result) {
    return (
      <div className="center-view" aria-busy="true">
        <SpinLoading />
      </div>
    );
  }
  if (result.status === 'denied') {
    return (
      <div className="center-view">
        <ErrorBlock status="default" title={t('authorize.denied')} description={t('authorize.deniedHint')} />
      </div>
    );
  }
  if (result.status === 'needMobile') {
    const mobileOk = isMobile(mobile);
    return (
      <div className="login">
        <div className="login-brand">
          <h1>{t('authorize.linkTitle', { name: result.nickname })}</h1>
          <p>{t('authorize.linkHint')}</p>
        </div>
        <form
          className="login-card"
          onSubmit={async (e) => {
            e.preventDefault();
            setBusy(true);
            try {
              await apply(await updateAuthorizeStatus({ state, mobile, code }));
            } catch {
              // request.ts showed the reason.
            } finally {
              setBusy(false);
            }
          }}
        >
          <div className="login-field">
            <span className="login-prefix">+86</span>
            <Input
              type="tel"
              inputMode="numeric"
              aria-label={t('shop.login.mobile')}
              placeholder={t('shop.login.mobileHint')}
              value={mobile}
              maxLength={11}
              onChange={(v) => setMobile(v.replace(/\D/g, ''))}
            />
          </div>
          <div className="login-field">
            <Input
              inputMode="numeric"
              aria-label={t('shop.login.code')}
              placeholder={t('shop.login.codeHint')}
              value={code}
              maxLength={6}
              onChange={(v) => setCode(v.replace(/\D/g, ''))}
            />
            <button
              type="button"
              className="login-send"
              disabled={!mobileOk}
              onClick={async () => {
                const r = await sendCode(mobile).catch(() => null);
                if (r) setDevCode(r.devCode ?? '');
              }}
            >
              {t('shop.login.getCode')}
            </button>
          </div>
          {devCode ? (
            <NoticeBar
              color="info"
              wrap
              content={
                <span>
                  {t('shop.login.devCode')} <b data-testid="dev-code">{devCode}</b>
                </span>
              }
            />
          ) : null}
          <Button
            type="submit"
            block
            shape="rounded"
            color="primary"
            size="large"
            loading={busy}
            disabled={!mobileOk || !/^\d{6}$/.test(code)}
            className="login-submit"
          >
            {t('authorize.link')}
          </Button>
        </form>
      </div>
    );
  }
  if (result.status === 'scanned') {
    return (
      <div className="center-view authorize-done" data-testid="authorize-done">
        <CheckCircleFill fontSize={56} color="var(--brand)" />
        <h1>{t('authorize.scanned')}</h1>
        <Button color="primary" fill="outline" shape="rounded" onClick={() => void switchTab(HOME)}>
          {t('authorize.openShop')}
        </Button>
      </div>
    );
  }
  return (
    <div className="center-view authorize-done" data-testid="authorize-done">
      <CheckCircleFill fontSize={56} color="var(--brand)" />
      <h1>{result.status === 'linked' ? t('authorize.linked') : t('authorize.signedIn', { name: result.nickname })}</h1>
      <Button color="primary" shape="rounded" onClick={() => void goOn(result.page)}>
        {t('authorize.continue')}
      </Button>
    </div>
  );
}
