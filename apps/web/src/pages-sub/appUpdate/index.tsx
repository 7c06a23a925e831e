import { APP_VERSION } from '@simshop/contract/headers';
import { Button, DotLoading } from 'antd-mobile';
import { UploadOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useSiteConfig } from '../../features/site/api/site-config.ts';
import { isNewerBuild, postponeUpdate } from '../../features/site/app-update.ts';
import { newBuildWaiting, reloadIntoNewBuild } from '../../lib/app-worker.ts';
import { navigateBack } from '../../lib/nav.ts';
import './index.css';

/**
 * The update prompt (spec §2 /pages-sub/appUpdate/index): a transparent layer fading in over the
 * app. When the server serves a newer version than the running build it offers to reload into it;
 * otherwise it says the app is up to date.
 */
export default function AppUpdatePage() {
  const { t } = useTranslation();
  const config = useSiteConfig();
  // Newer by the server's word, or a new build already installed by the service worker.
  const newer = config.data && (isNewerBuild(config.data.versionCode) || newBuildWaiting()) ? config.data : null;
  return (
    <div className="app-update" role="dialog" aria-modal="true" aria-labelledby="app-update-title">
      <div className="app-update-card">
        <UploadOutline className="app-update-icon" aria-hidden="true" />
        {!config.data ? (
          <DotLoading color="primary" />
        ) : newer ? (
          <>
            <h1 id="app-update-title">{t('appUpdate.available', { version: newer.version })}</h1>
            <p>{t('appUpdate.availableHint', { current: APP_VERSION })}</p>
            <Button block color="primary" shape="rounded" size="large" onClick={reloadIntoNewBuild}>
              {t('appUpdate.reload')}
            </Button>
            <Button
              block
              fill="none"
              shape="rounded"
              onClick={() => {
                postponeUpdate(newer.versionCode);
                void navigateBack();
              }}
            >
              {t('appUpdate.later')}
            </Button>
          </>
        ) : (
          <>
            <h1 id="app-update-title">{t('appUpdate.latest')}</h1>
            <p>{t('appUpdate.latestHint', { version: APP_VERSION })}</p>
            <Button block color="primary" shape="rounded" size="large" onClick={() => void navigateBack()}>
              {t('common.ok')}
            </Button>
          </>
        )}
      </div>
    </div>
  );
}
