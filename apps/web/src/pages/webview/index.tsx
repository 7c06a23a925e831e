import { isHttpLink } from '@simshop/contract/validate';
import { Button, ErrorBlock } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { navigateBack } from '../../lib/nav.ts';
import './index.css';

/**
 * An outside http(s) page inside the app (spec §2 /pages/webview/index, query `url`), under the
 * holding title "please wait". A site that refuses to be framed stays blank in the frame, so the
 * address can always be opened in the browser instead. Anything but an http(s) address is refused.
 */
export default function WebviewPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const url = params.get('url') ?? '';
  const [loaded, setLoaded] = useState(false);
  if (!isHttpLink(url) || !URL.canParse(url)) {
    return (
      <div className="center-view">
        <ErrorBlock status="default" title={t('webview.refused')} description={t('webview.refusedHint')} />
        <Button color="primary" fill="outline" shape="rounded" onClick={() => void navigateBack()}>
          {t('common.back')}
        </Button>
      </div>
    );
  }
  const host = new URL(url).host;
  return (
    <div className="webview">
      <div className="webview-bar">
        <span className="webview-host">{loaded ? host : t('webview.opening', { host })}</span>
        <a className="webview-open" href={url} target="_blank" rel="noopener noreferrer">
          {t('webview.openInBrowser')}
        </a>
      </div>
      <iframe
        className="webview-frame"
        src={url}
        title={host}
        referrerPolicy="no-referrer"
        sandbox="allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox"
        onLoad={() => setLoaded(true)}
      />
    </div>
  );
}
