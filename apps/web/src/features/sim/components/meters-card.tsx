import type { SimInfo } from '@simshop/contract/iot';
import { useTranslation } from 'react-i18next';
import { formatAgo } from '../../../lib/datetime.ts';
import { flowText } from '../format.ts';

/**
 * A device card's two meters for this month: the operator's record next to the device's own
 * counter, how fresh each is, the gap and why the two can differ.
 */
export function MetersCard({ info, now = Date.now() }: { info: SimInfo; now?: number }) {
  const { t } = useTranslation();
  const live = info.device?.live;
  if (!live) return null;
  const carrier = info.monthUseFlow;
  const device = live.trafficMb;
  const gap = Math.abs(device - carrier);
  const fresh = (at: number | null) => {
    if (!at) return t('iot.meters.never');
    return now - at < 60_000 ? t('iot.meters.justNow') : t('iot.meters.updated', { ago: formatAgo(at, now) });
  };
  return (
    <section className="card sim-meters" aria-label={t('iot.meters.title')}>
      <h2 className="section-title sim-mb">{t('iot.meters.title')}</h2>
      <dl>
        <div data-testid="meter-carrier">
          <dt>{t('iot.meters.carrier')}</dt>
          <dd>
            <b>{flowText(carrier)}</b>
            <span className="muted">{fresh(info.lastRobinAt)}</span>
          </dd>
        </div>
        <div data-testid="meter-device">
          <dt>{t('iot.meters.device')}</dt>
          <dd>
            <b>{flowText(device)}</b>
            <span className="muted">{fresh(live.reportedAt)}</span>
          </dd>
        </div>
        <div data-testid="meter-gap">
          <dt>{t('iot.meters.gap')}</dt>
          <dd>
            <b>{gap < 1 ? t('iot.meters.same') : flowText(Math.round(gap * 100) / 100)}</b>
            {gap < 1 ? null : <span className="muted">{t(device > carrier ? 'iot.meters.deviceMore' : 'iot.meters.carrierMore')}</span>}
          </dd>
        </div>
      </dl>
      <p className="muted sim-meters-why">{t('iot.meters.why')}</p>
    </section>
  );
}
