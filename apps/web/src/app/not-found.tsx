import { Button, ErrorBlock } from 'antd-mobile';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { HOME, reLaunch } from '../lib/nav.ts';
import { stackDepth } from './history.ts';
import { NavTitleBar } from './page-shell.tsx';

/** Unknown route: says so in the app's language, shows the address, and offers a way back. */
export function NotFound() {
  const { t } = useTranslation();
  const location = useLocation();
  const url = location.pathname + location.search;
  const title = t('title.notFound');
  // A page before this one, in the app's stack or the browser's (an address typed or a link followed).
  const canGoBack = stackDepth() > 0 || window.history.length > 1;
  const back = () => window.history.back();
  useEffect(() => {
    document.title = title;
  }, [title]);
  return (
    <div className="page">
      <NavTitleBar title={title} showBack={canGoBack} onBack={back} />
      <div className="center-view">
        <ErrorBlock
          status="empty"
          title={t('notFound.message')}
          description={
            <span className="not-found-url" data-user-text>
              {url}
            </span>
          }
        />
        <Button color="primary" fill="outline" onClick={() => (canGoBack ? back() : void reLaunch(HOME))}>
          {canGoBack ? t('common.back') : t('notFound.home')}
        </Button>
        {canGoBack ? (
          <Button fill="none" onClick={() => void reLaunch(HOME)}>
            {t('notFound.home')}
          </Button>
        ) : null}
      </div>
    </div>
  );
}
