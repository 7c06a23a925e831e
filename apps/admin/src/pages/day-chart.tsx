import { useState } from 'react';

export interface ChartPoint {
  /** The day's midnight (epoch ms). */
  day: number;
  value: number;
}

const W = 900;
const H = 240;
const PAD = { left: 64, right: 12, top: 16, bottom: 28 };

/** A round top for the scale: 1, 2 or 5 times a power of ten, at least `v`. */
function niceMax(v: number): number {
  if (v <= 0) return 1;
  const p = 10 ** Math.floor(Math.log10(v));
  for (const m of [1, 2, 5, 10]) if (m * p >= v) return m * p;
  return 10 * p;
}

/**
 * A bar chart of daily values in SVG: the scale at the left, every fifth day under the bars, and
 * the day's value over a bar the pointer or keyboard is on. No chart library: the console's bundle
 * stays small.
 */
export function DayChart({
  points,
  format,
  dayLabel,
  label,
  colour = '#018d71',
}: {
  points: ChartPoint[];
  format: (v: number) => string;
  dayLabel: (day: number) => string;
  label: string;
  colour?: string;
}) {
  const [active, setActive] = useState<number | null>(null);
  const max = niceMax(Math.max(0, ...points.map((p) => p.value)));
  const innerW = W - PAD.left - PAD.right;
  const innerH = H - PAD.top - PAD.bottom;
  const step = innerW / Math.max(1, points.length);
  const barW = Math.max(2, step * 0.62);
  const y = (v: number) => PAD.top + innerH - (v / max) * innerH;
  const ticks = [0, 0.25, 0.5, 0.75, 1].map((f) => f * max);
  const shown = active === null ? null : points[active];
  return (
    <svg viewBox={`0 0 ${W} ${H}`} width="100%" role="img" aria-label={label} style={{ display: 'block', maxHeight: 260 }}>
      {ticks.map((v) => (
        <g key={v}>
          <line x1={PAD.left} x2={W - PAD.right} y1={y(v)} y2={y(v)} stroke="#f0f0f0" />
          <text x={PAD.left - 8} y={y(v) + 4} textAnchor="end" fontSize={11} fill="#8c8c8c">
            {format(v)}
          </text>
        </g>
      ))}
      {points.map((p, i) => {
        const x = PAD.left + i * step + (step - barW) / 2;
        return (
          // biome-ignore lint/a11y/useSemanticElements: an SVG bar has no HTML equivalent; it is focusable to read its value.
          <g
            key={p.day}
            role="button"
            tabIndex={0}
            aria-label={`${dayLabel(p.day)} ${format(p.value)}`}
            onMouseEnter={() => setActive(i)}
            onMouseLeave={() => setActive(null)}
            onFocus={() => setActive(i)}
            onBlur={() => setActive(null)}
          >
            <rect x={PAD.left + i * step} y={PAD.top} width={step} height={innerH} fill={active === i ? '#f5f5f5' : 'transparent'} />
            <rect x={x} y={y(p.value)} width={barW} height={Math.max(0, PAD.top + innerH - y(p.value))} rx={2} fill={colour} />
            {(i % 5 === 0 || i === points.length - 1) && (
              <text x={x + barW / 2} y={H - 8} textAnchor="middle" fontSize={11} fill="#8c8c8c">
                {dayLabel(p.day)}
              </text>
            )}
          </g>
        );
      })}
      {shown && active !== null && (
        <g pointerEvents="none">
          <rect
            x={Math.min(W - PAD.right - 150, Math.max(PAD.left, PAD.left + active * step - 60))}
            y={PAD.top}
            width={150}
            height={24}
            rx={4}
            fill="rgba(0,0,0,0.75)"
          />
          <text
            x={Math.min(W - PAD.right - 150, Math.max(PAD.left, PAD.left + active * step - 60)) + 75}
            y={PAD.top + 16}
            textAnchor="middle"
            fontSize={12}
            fill="#fff"
          >
            {`${dayLabel(shown.day)}  ${format(shown.value)}`}
          </text>
        </g>
      )}
    </svg>
  );
}
