import { ErrorBlock, Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
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
