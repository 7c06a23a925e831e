import { Button, ErrorBlock, Skeleton, Steps, Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useOrderLogistics } from '../../../features/orders/api/order-logistics.ts';
import '../../../components/shop.css';
import './index.css';
import { formatDateTime } from '../../../lib/datetime.ts';

async function copy(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** Carrier, tracking number and the timeline of a shipped order. */
export default function LogisticsPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const orderNo = params.get('orderNo') ?? '';
  const logistics = useOrderLogistics(orderNo);
  const when = formatDateTime;

  if (logistics.isError || !/^N\d{20}$/.test(orderNo)) {
    return <ErrorBlock status="empty" title={t('shop.logistics.none')} description={t('shop.logistics.noneHint')} />;
  }
  const l = logistics.data;
  if (!l) {
    return (
      <div className="card">
        <Skeleton.Title animated />
        <Skeleton.Paragraph lineCount={6} animated />
      </div>
    );
  }
  return (
    <div className="logi">
      <section className="logi-head">
        <div className="logi-state">{t(`shop.logistics.state.${l.status}`)}</div>
        <div className="logi-company">{l.company}</div>
        <div className="logi-track">
          <span>
            {t('shop.logistics.trackingNo')} <b className="logi-no">{l.trackingNo}</b>
          </span>
          <Button
            size="mini"
            shape="rounded"
            onClick={async () => {
              const ok = await copy(l.trackingNo);
              Toast.show({
                content: ok ? t('common.copied', { label: t('shop.logistics.trackingNo') }) : t('common.copyFailed'),
                duration: 1500,
              });
            }}
          >
            {t('shop.logistics.copy')}
          </Button>
        </div>
      </section>
      <section className="card logi-timeline" aria-label={t('shop.logistics.timeline')}>
        {l.events.length === 0 ? (
          <p className="muted">{t('shop.logistics.noEvents')}</p>
        ) : (
          <Steps direction="vertical" current={0}>
            {l.events.map((e) => (
              <Steps.Step
                key={`${e.at}-${e.status}`}
                title={t(`shop.logistics.event.${e.status}`)}
                description={
                  <span className="logi-event">
                    <span>{e.description}</span>
                    <span className="muted">
                      {when(e.at)}
                      {e.location ? ` · ${e.location}` : ''}
                    </span>
                  </span>
                }
                status={e === l.events[0] ? 'process' : 'finish'}
              />
            ))}
          </Steps>
        )}
      </section>
    </div>
  );
}
