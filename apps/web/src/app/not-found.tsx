import { Button, ErrorBlock } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { HOME, reLaunch } from '../lib/nav.ts';
import { NavTitleBar } from './page-shell.tsx';

/** Unknown route: the framework's `page {url} is not found`. */
export function NotFound() {
  const { t } = useTranslation();
  const location = useLocation();
  const url = location.pathname + location.search;
  return (
    <div className="page">
      <NavTitleBar title={t('title.notFound')} showBack={false} />
      <div className="center-view">
        <ErrorBlock status="empty" title={t('notFound.message', { url })} description="" />
        <Button color="primary" fill="outline" onClick={() => void reLaunch(HOME)}>
          {t('notFound.home')}
        </Button>
      </div>
    </div>
  );
}
