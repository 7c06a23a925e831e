import type { TimelineEvent } from '@simshop/contract/iot-timeline';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/datetime.ts';
import { money } from '../../../lib/money.ts';
import { useSimTimeline } from '../api/sim-timeline.ts';

/** One event in words: "Package ended: 30GB monthly", "Paid ¥3: …", "Restart: applied". */
function eventText(t: (key: string, options?: Record<string, unknown>) => string, e: TimelineEvent): string {
  switch (e.kind) {
    case 'paid':
    case 'toppedUp':
    case 'coinsBought':
      return t(`iot.timeline.${e.kind}`, { amount: money(e.amount), name: e.name });
    case 'refunded':
      return t(e.name ? 'iot.timeline.refunded' : 'iot.timeline.refundedTopUp', { amount: money(e.amount), name: e.name });
    case 'command':
      return t('iot.timeline.command', { command: t(`iot.device.kind.${e.command}`), state: t(`iot.device.state.${e.state}`) });
    default:
      return t(`iot.timeline.${e.kind}`, { name: e.name });
  }
}

/** The card's timeline: what its operator, its device and its orders did, newest first. */
export function TimelineCard() {
  const { t } = useTranslation();
  const { data } = useSimTimeline();
  if (!data || data.list.length === 0) return null;
  const now = Date.now();
  return (
    <section className="card" aria-labelledby="sim-timeline-title">
      <h2 id="sim-timeline-title" className="section-title sim-mb">
        {t('iot.timeline.title')}
      </h2>
      <ol className="sim-timeline">
        {data.list.map((e) => (
          <li key={`${e.kind}-${e.at}-${e.name}-${e.command}`} className={e.at > now ? 'coming' : undefined} data-kind={e.kind}>
            <span className="sim-timeline-when">{formatDateTime(e.at)}</span>
            <span className="sim-timeline-what">{eventText(t, e)}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}
