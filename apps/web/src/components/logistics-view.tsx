import { Button, Steps } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../lib/datetime.ts';
import { Toast } from '../lib/feedback.ts';
import './logistics-view.css';

/** A parcel as the logistics module reports it: carrier, tracking number and events, newest first. */
export interface ParcelView {
  company: string;
  trackingNo: string;
  status: 'in_transit' | 'delivered';
  events: { at: number; status: string; description: string; location: string }[];
}

async function copy(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** Carrier, tracking number (with a copy button) and the timeline of a parcel. */
export function LogisticsView({ parcel }: { parcel: ParcelView }) {
  const { t } = useTranslation();
  return (
    <div className="logi">
      <section className="logi-head">
        <div className="logi-state">{t(`shop.logistics.state.${parcel.status}`)}</div>
        <div className="logi-company" data-outside-text>
          {parcel.company}
        </div>
        <div className="logi-track">
          <span>
            {t('shop.logistics.trackingNo')} <b className="logi-no">{parcel.trackingNo}</b>
          </span>
          <Button
            size="mini"
            shape="rounded"
            onClick={async () => {
              const ok = await copy(parcel.trackingNo);
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
        {parcel.events.length === 0 ? (
          <p className="muted">{t('shop.logistics.noEvents')}</p>
        ) : (
          <Steps direction="vertical" current={0}>
            {parcel.events.map((e, i) => (
              <Steps.Step
                key={`${e.at}-${e.status}`}
                title={t(`shop.logistics.event.${e.status}`)}
                description={
                  <span className="logi-event">
                    <span data-outside-text>{e.description}</span>
                    <span className="muted">
                      {formatDateTime(e.at)}
                      {e.location ? ' · ' : ''}
                      {e.location ? <span data-user-text>{e.location}</span> : null}
                    </span>
                  </span>
                }
                status={i === 0 ? 'process' : 'finish'}
              />
            ))}
          </Steps>
        )}
      </section>
    </div>
  );
}
