import './sim.css';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { flowText } from '../format.ts';

export interface DayFlow {
  date: string;
  flow: number;
}

/** A round axis maximum at or above `max` MB: 1, 2 or 5 times a power of ten, in MB or GB. */
export function niceMax(max: number): number {
  if (max <= 0) return 100;
  const unit = max >= 1024 ? 1024 : 1;
  const v = max / unit;
  const p = 10 ** Math.floor(Math.log10(v));
  const step = [1, 2, 2.5, 5, 10].find((s) => s * p >= v) ?? 10;
  return step * p * unit;
}

const W = 340;
const H = 190;
const PAD = { left: 44, right: 6, top: 12, bottom: 24 };

/**
 * Daily usage as bars (spec: historyLine), drawn as SVG. Tapping a bar shows its day; the latest
 * day is selected at first.
 */
export function HistoryChart({ list }: { list: DayFlow[] }) {
  const { t } = useTranslation();
  const [selected, setSelected] = useState(list.length - 1);
  const max = niceMax(Math.max(0, ...list.map((d) => d.flow)));
  const innerW = W - PAD.left - PAD.right;
  const innerH = H - PAD.top - PAD.bottom;
  const slot = innerW / Math.max(1, list.length);
  const barW = Math.max(3, slot * 0.62);
  const y = (mb: number) => PAD.top + innerH - (mb / max) * innerH;
  const ticks = [0, 0.25, 0.5, 0.75, 1].map((f) => f * max);
  const current = list[selected];
  return (
    <div className="sim-chart">
      <div className="sim-chart-pick" aria-live="polite">
        {current ? (
          <>
            <span className="muted">{current.date}</span>
            <b data-testid="chart-selected">{flowText(current.flow)}</b>
          </>
        ) : null}
      </div>
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={t('iot.history.chartLabel', { days: list.length })} data-testid="history-chart">
        <defs>
          <linearGradient id="simBarGrad" x1="0" y1="0" x2="0" y2="1">
            <stop offset="0%" stopColor="#2fd3a6" />
            <stop offset="100%" stopColor="#017a62" />
          </linearGradient>
        </defs>
        {ticks.map((v) => (
          <g key={v}>
            <line x1={PAD.left} x2={W - PAD.right} y1={y(v)} y2={y(v)} stroke="#eef0f3" strokeDasharray={v === 0 ? undefined : '3 3'} />
            <text x={PAD.left - 6} y={y(v) + 3} textAnchor="end" fontSize="9" fill="#6b7280">
              {flowText(v).replace(' ', '')}
            </text>
          </g>
        ))}
        {list.map((d, i) => {
          const h = Math.max(d.flow > 0 ? 2 : 0, (d.flow / max) * innerH);
          const x = PAD.left + i * slot + (slot - barW) / 2;
          return (
            // biome-ignore lint/a11y/noStaticElementInteractions: the bars are also summarised in the list below the chart
            <g key={d.date} onClick={() => setSelected(i)} style={{ cursor: 'pointer' }} data-testid="chart-bar">
              <rect x={PAD.left + i * slot} y={PAD.top} width={slot} height={innerH} fill="transparent" />
              <rect
                x={x}
                y={PAD.top + innerH - h}
                width={barW}
                height={h}
                rx={Math.min(2, barW / 2)}
                fill={i === selected ? '#ff8a3d' : 'url(#simBarGrad)'}
              />
            </g>
          );
        })}
        {list.map((d, i) =>
          i % 7 === (list.length - 1) % 7 ? (
            <text key={`l${d.date}`} x={PAD.left + i * slot + slot / 2} y={H - 8} textAnchor="middle" fontSize="9" fill="#6b7280">
              {d.date.slice(5)}
            </text>
          ) : null,
        )}
      </svg>
    </div>
  );
}
