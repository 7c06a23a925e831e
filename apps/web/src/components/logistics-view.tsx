import { Button, Steps } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../lib/datetime.ts';
import { Toast } from '../lib/feedback.ts';
import './logistics-view.css';

/**
 * A parcel as the logistics module reports it: carrier, tracking number and events, newest first.
 * An event's status and place are in the reader's language; `description` is the carrier's own
 * words in `descriptionLanguage` ('' when it wrote none).
 */
export interface ParcelView {
  company: string;
  companyCode?: string;
  trackingNo: string;
  status: 'in_transit' | 'delivered';
  events: { at: number; status: string; description: string; descriptionLanguage: string; location: string }[];
}

/** Companies the page names in the reader's words (Kuaidi100's codes and the simulator's). */
const KNOWN_COMPANIES = [
  'SIMEX',
  'shunfeng',
  'ems',
  'youzhengguonei',
  'yuantong',
  'zhongtong',
  'shentong',
  'yunda',
  'jd',
  'jtexpress',
  'debangkuaidi',
];

/** The carrier's own words of an event: shown as theirs when they are in the reader's language, else only when asked for, marked as theirs. */
function CarrierWords({ text, language }: { text: string; language: string }) {
  const { t, i18n } = useTranslation();
  const [shown, setShown] = useState(false);
  if (!text) return null;
  if (language === i18n.language) return <span className="logi-words">{text}</span>;
  return shown ? (
    <span className="logi-words logi-foreign">
      <span className="muted">{t('shop.logistics.carrierWords')} </span>
      <q lang={language} data-outside-text>
        {text}
      </q>
    </span>
  ) : (
    <button type="button" className="logi-show-words" onClick={() => setShown(true)}>
      {t('shop.logistics.showCarrierWords')}
    </button>
  );
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
        <div className="logi-company">
          {parcel.companyCode && KNOWN_COMPANIES.includes(parcel.companyCode) ? (
            t(`shop.logistics.company.${parcel.companyCode}`)
          ) : (
            <span data-outside-text>{parcel.company || parcel.companyCode}</span>
          )}
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
                key={`${e.at}-${e.status}-${e.location}-${e.description}`}
                title={t(`shop.logistics.event.${e.status}`, { defaultValue: t('shop.logistics.event.in_transit') })}
                description={
                  <span className="logi-event">
                    <CarrierWords text={e.description} language={e.descriptionLanguage} />
                    <span className="muted">
                      {formatDateTime(e.at)}
                      {e.location ? ' · ' : ''}
                      {e.location ? <span className="logi-place">{e.location}</span> : null}
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
