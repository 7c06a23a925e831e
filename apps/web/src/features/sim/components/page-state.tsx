import { ErrorBlock, Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { navigateTo } from '../../../lib/nav.ts';
import './sim.css';

/** Loading and failure views of the SIM sub-pages. */
export function SimLoading({ lines = 5 }: { lines?: number }) {
  return (
    <div className="card">
      <Skeleton.Title animated />
      <Skeleton.Paragraph lineCount={lines} animated />
    </div>
  );
}

export function SimLoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="center-view">
      <ErrorBlock status="default" title={t('iot.common.loadFailed')} description="" />
      <button type="button" className="sim-pill-btn" onClick={onRetry}>
        {t('common.retry')}
      </button>
    </div>
  );
}

/** A page whose feature the card's device or operator does not offer: says so, with the way home. */
export function SimNotOffered() {
  const { t } = useTranslation();
  return <SimMissingItem title={t('iot.capability.notOffered')} action={t('iot.device.backHome')} to="/pages/iot/index/index" />;
}

/** A page opened without the item it shows (a link without its id): says so and offers where to find one. */
export function SimMissingItem({ title, action, to }: { title: string; action: string; to: string }) {
  return (
    <div className="center-view">
      <ErrorBlock status="empty" title={title} description="" />
      <button type="button" className="sim-pill-btn" onClick={() => void navigateTo(to)}>
        {action}
      </button>
    </div>
  );
}
