import { useTranslation } from 'react-i18next';
import { useSimHistoryLine } from '../../../../features/sim/api/sim-history-line.ts';
import { useSimInfo } from '../../../../features/sim/api/sim-info.ts';
import { HistoryChart } from '../../../../features/sim/components/history-chart.tsx';
import { MetersCard } from '../../../../features/sim/components/meters-card.tsx';
import { SimLoadFailed, SimLoading } from '../../../../features/sim/components/page-state.tsx';
import { flowText } from '../../../../features/sim/format.ts';
import { useRequireSim } from '../../../../features/sim/use-require-sim.ts';

const DAYS = 30;

/** Daily data use of the last 30 days as a chart, with the period's total, average and peak. */
export default function HistoryLinePage() {
  const { t } = useTranslation();
  const loggedIn = useRequireSim();
  const { data, isError, refetch } = useSimHistoryLine(DAYS);
  const info = useSimInfo().data;
  if (!loggedIn) return null;
  if (isError) return <SimLoadFailed onRetry={() => void refetch()} />;
  if (!data) return <SimLoading lines={8} />;
  const peak = data.list.reduce((best, d) => (d.flow > best.flow ? d : best), data.list[0] ?? { date: '', flow: 0 });
  const average = data.list.length ? data.total / data.list.length : 0;
  const recent = [...data.list].reverse();
  return (
    <div className="sim-page">
      <section className="sim-history-hero">
        <div className="sim-history-label">{t('iot.history.total', { days: data.list.length })}</div>
        <div className="sim-history-total" data-testid="history-total">
          {flowText(data.total)}
        </div>
        <div className="sim-history-stats">
          <div>
            <b>{flowText(Math.round(average))}</b>
            <span>{t('iot.history.average')}</span>
          </div>
          <div>
            <b>{peak.flow > 0 ? flowText(peak.flow) : '—'}</b>
            <span>{peak.flow > 0 ? t('iot.history.peak', { date: peak.date.slice(5) }) : t('iot.history.peakNone')}</span>
          </div>
        </div>
      </section>
      {info ? <MetersCard info={info} /> : null}
      <section className="card">
        <div className="sim-card-head">
          <h2 className="section-title">{t('iot.history.daily')}</h2>
          <span className="muted">{t('iot.history.tapHint')}</span>
        </div>
        <HistoryChart list={data.list} />
      </section>
      <section className="card">
        <h2 className="section-title sim-mb">{t('iot.history.list')}</h2>
        <ul className="sim-day-list">
          {recent.map((d) => (
            <li key={d.date}>
              <span>{d.date}</span>
              <b>{flowText(d.flow)}</b>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
