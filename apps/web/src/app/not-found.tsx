import { Button, ErrorBlock } from 'antd-mobile';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { HOME, navigateBack, reLaunch } from '../lib/nav.ts';
import { stackDepth } from './history.ts';
import { NavTitleBar } from './page-shell.tsx';

/** Unknown route: says so in the app's language, shows the address, and offers a way back. */
export function NotFound() {
  const { t } = useTranslation();
  const location = useLocation();
  const url = location.pathname + location.search;
  const title = t('title.notFound');
  const canGoBack = stackDepth() > 0;
  useEffect(() => {
    document.title = title;
  }, [title]);
  return (
    <div className="page">
      <NavTitleBar title={title} showBack={canGoBack} />
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
        <Button color="primary" fill="outline" onClick={() => void (canGoBack ? navigateBack() : reLaunch(HOME))}>
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
