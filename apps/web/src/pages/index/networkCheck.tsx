import { Button, ErrorBlock } from 'antd-mobile';
import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { HOME, navigateBack, reLaunch } from '../../lib/nav.ts';
import { requestHeaders } from '../../lib/request.ts';

/** Shown without a network; goes back by itself when the network returns. */
export default function NetworkCheckPage() {
  const { t } = useTranslation();

  const resume = useCallback(async () => {
    if (!navigator.onLine) return;
    try {
      const res = await fetch('/healthz', { cache: 'no-store', headers: requestHeaders() });
      if (!res.ok) return;
    } catch {
      return;
    }
    await navigateBack().catch(() => reLaunch(HOME));
  }, []);

  useEffect(() => {
    window.addEventListener('online', resume);
    return () => window.removeEventListener('online', resume);
  }, [resume]);

  return (
    <div className="center-view">
      <ErrorBlock status="disconnected" title={t('network.offline')} description={t('network.hint')} />
      <Button color="primary" onClick={() => void resume()}>
        {t('network.retry')}
      </Button>
    </div>
  );
}
