import { Button, DotLoading, ErrorBlock } from 'antd-mobile';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { refreshBaseConfig } from '../../features/site/api/base-config.ts';
import { loadAppDomain } from '../../lib/app-domain.ts';
import { HOME, redirectTo, reLaunch } from '../../lib/nav.ts';

/** Data initialisation: finds the access node, loads the storefront config, then opens the app. */
export default function LoadDomainPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const [failure, setFailure] = useState<'busy' | 'failed' | null>(null);

  const load = useCallback(async () => {
    setFailure(null);
    const result = await loadAppDomain();
    if (!result.ok) {
      if (result.reason === 'offline') return void redirectTo('/pages/index/networkCheck');
      return setFailure(result.reason);
    }
    await refreshBaseConfig().catch(() => undefined);
    const next = params.get('redirect');
    // A refused relaunch (its page unknown) falls back to home; one already under way ("locked") is left to finish.
    await reLaunch(next?.startsWith('/pages/') ? next : HOME).catch(() => reLaunch(HOME).catch(() => undefined));
  }, [params]);

  useEffect(() => {
    void load();
  }, [load]);

  if (!failure) {
    return (
      <div className="center-view">
        <DotLoading color="primary" />
        <span className="muted">{t('domain.loading')}</span>
      </div>
    );
  }
  return (
    <div className="center-view">
      <ErrorBlock status="disconnected" title={t(failure === 'busy' ? 'domain.busy' : 'domain.accessNodeFailed')} description="" />
      <div style={{ display: 'flex', gap: 12 }}>
        <Button onClick={() => (window.history.length > 1 ? window.history.back() : window.close())}>{t('domain.quit')}</Button>
        <Button color="primary" onClick={() => void load()}>
          {t('domain.retry')}
        </Button>
      </div>
    </div>
  );
}
