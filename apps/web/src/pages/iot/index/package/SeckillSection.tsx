import type { CatalogPackage } from '@simshop/contract/iot-money';
import { useTranslation } from 'react-i18next';
import { PriceTag } from '../../../../features/sim/components/money-parts.tsx';
import { yuan } from '../../../../features/sim/format.ts';
import { allowanceText, countdownParts, durationText } from '../../../../features/sim/money-format.ts';
import { useNow } from '../../../../features/sim/use-now.ts';
import { formatNearDateTime } from '../../../../lib/datetime.ts';

function Countdown({ ms, label }: { ms: number; label: string }) {
  const { t } = useTranslation();
  const c = countdownParts(ms);
  return (
    <span className="seckill-countdown">
      <span className="seckill-countdown-label">{label}</span>
      {c.days > 0 ? <b>{t('iot.seckill.days', { count: c.days })}</b> : null}
      <b>{c.hh}</b>:<b>{c.mm}</b>:<b>{c.ss}</b>
    </span>
  );
}

/** The state of a flash sale now (the server's state is as of the reply; the clock moves on). */
function liveState(s: NonNullable<CatalogPackage['seckill']>, now: number): 'upcoming' | 'ongoing' | 'sold_out' | 'ended' {
  if (s.endsAt <= now) return 'ended';
  if (s.left <= 0 || s.state === 'sold_out') return 'sold_out';
  if (s.startsAt > now) return 'upcoming';
  return 'ongoing';
}

function SeckillCard({ pkg, now, onOpen }: { pkg: CatalogPackage; now: number; onOpen: () => void }) {
  const { t } = useTranslation();
  const s = pkg.seckill;
  if (!s) return null;
  const state = liveState(s, now);
  const soldRatio = s.stock > 0 ? Math.min(1, (s.stock - s.left) / s.stock) : 1;
  return (
    <button
      type="button"
      className={`seckill-card ${state}`}
      onClick={onOpen}
      disabled={state === 'ended'}
      data-testid={`seckill-${pkg.id}`}
    >
      <div className="seckill-card-top">
        {state === 'ongoing' ? (
          <Countdown ms={s.endsAt - now} label={t('iot.seckill.endsIn')} />
        ) : state === 'upcoming' ? (
          <Countdown ms={s.startsAt - now} label={t('iot.seckill.startsIn')} />
        ) : (
          <span className="seckill-countdown-label">{t(`iot.seckill.state.${state}`)}</span>
        )}
      </div>
      <div className="seckill-card-name">{pkg.name}</div>
      <div className="seckill-card-flow">{allowanceText(t, pkg)}</div>
      <div className="seckill-card-dur">{durationText(t, pkg)}</div>
      <div className="seckill-card-price">
        <PriceTag fen={pkg.price} size="sm" />
        {pkg.originalPrice > pkg.price ? <s>¥{yuan(pkg.originalPrice)}</s> : null}
      </div>
      <div className="seckill-stock">
        <div className="seckill-stock-bar">
          <i style={{ width: `${Math.max(6, soldRatio * 100)}%` }} />
        </div>
        <span data-testid={`seckill-left-${pkg.id}`}>{t('iot.seckill.left', { count: s.left })}</span>
      </div>
      <span className={`seckill-go ${state}`}>
        {state === 'ongoing'
          ? t('iot.seckill.grab')
          : state === 'upcoming'
            ? t('iot.seckill.at', { time: formatNearDateTime(s.startsAt) })
            : t(`iot.seckill.state.${state}`)}
      </span>
    </button>
  );
}

/** Flash-sale packages (spec §2 SeckillSection): a countdown to the end (or start) and what stock is left. */
export function SeckillSection({ packages, onOpen }: { packages: CatalogPackage[]; onOpen: (pkg: CatalogPackage) => void }) {
  const { t } = useTranslation();
  const now = useNow();
  const shown = packages.filter((p) => p.seckill && liveState(p.seckill, now) !== 'ended');
  if (shown.length === 0) return null;
  return (
    <section className="seckill" aria-label={t('iot.seckill.title')} data-testid="seckill-section">
      <div className="seckill-head">
        <h2>
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
            <path d="M13 2 4 14h7l-1 8 9-12h-7l1-8Z" fill="currentColor" />
          </svg>
          {t('iot.seckill.title')}
        </h2>
        <span className="seckill-sub">{t('iot.seckill.subtitle')}</span>
      </div>
      <div className="seckill-list">
        {shown.map((p) => (
          <SeckillCard key={p.id} pkg={p} now={now} onOpen={() => onOpen(p)} />
        ))}
      </div>
    </section>
  );
}
