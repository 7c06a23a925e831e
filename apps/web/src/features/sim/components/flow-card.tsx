import './sim.css';
import type { SimInfo } from '@simshop/contract/iot';
import { RightOutline } from 'antd-mobile-icons';
import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { FirstOpen, useAfterFirstPaint } from '../../../lib/after-paint.tsx';
import { knowsPage, navigateTo } from '../../../lib/nav.ts';
import { flowParts, flowText, usedRatio } from '../format.ts';

const PACKAGE_INFO = '/pages-sub/iot/index/packageInfo/index';
const HISTORY = '/pages-sub/iot/index/historyLine/index';
const BUY_PACKAGE = '/pages/iot/index/package/index';
const USAGE_ALERTS = '/pages-sub/iot/index/usageAlerts/index';
/** The forecast and usage alerts load after the dashboard first paints (they are not in its first bundle). */
const UsageOutlook = lazy(() => import('./usage-outlook.tsx'));

function Ring({ ratio, unlimited }: { ratio: number; unlimited: boolean }) {
  const r = 54;
  const c = 2 * Math.PI * r;
  const left = unlimited ? 1 : 1 - ratio;
  return (
    <svg className="sim-ring" viewBox="0 0 132 132" aria-hidden="true">
      <defs>
        <linearGradient id="simRingGrad" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0%" stopColor="#2fd3a6" />
          <stop offset="100%" stopColor="#017a62" />
        </linearGradient>
      </defs>
      <circle cx="66" cy="66" r={r} fill="none" stroke="#eef2f1" strokeWidth="12" />
      <circle
        cx="66"
        cy="66"
        r={r}
        fill="none"
        stroke={left < 0.1 && !unlimited ? '#ff6b4a' : 'url(#simRingGrad)'}
        strokeWidth="12"
        strokeLinecap="round"
        strokeDasharray={`${Math.max(0.001, left) * c} ${c}`}
        transform="rotate(-90 66 66)"
      />
    </svg>
  );
}

/**
 * Data of the current packages (spec §2 flowCard): what is left as a ring or a bar, used and
 * total beside it; an unlimited package is shown as such; no package offers to buy one.
 */
export function FlowCard({ info, title, style }: { info: SimInfo; title: string; style: string }) {
  const { t } = useTranslation();
  const unlimited = info.isInfiniteFlow;
  const ratio = usedRatio(info.useFlow, info.totalFlow);
  const left = flowParts(info.surplusFlow);
  const noPackage = info.needBuyPackage && !unlimited && info.totalFlow === 0;
  const afterPaint = useAfterFirstPaint();
  const centre = unlimited ? (
    <span className="sim-flow-big word">{t('iot.flow.unlimited')}</span>
  ) : (
    <span className="sim-flow-big">
      {left.value}
      <small>{left.unit}</small>
    </span>
  );
  return (
    <section className="card sim-flow-card" aria-label={title}>
      <div className="sim-card-head">
        <h2 className="section-title">{title}</h2>
        {knowsPage(PACKAGE_INFO) ? (
          <button type="button" className="sim-link" onClick={() => void navigateTo(PACKAGE_INFO)}>
            {t('iot.flow.details')} <RightOutline />
          </button>
        ) : null}
      </div>
      {noPackage ? (
        <div className="sim-flow-empty">
          <div className="sim-flow-empty-title">{t('iot.flow.noPackage')}</div>
          <div className="muted">{t('iot.flow.noPackageHint')}</div>
          {knowsPage(BUY_PACKAGE) ? (
            <button type="button" className="sim-pill-btn" onClick={() => void navigateTo(BUY_PACKAGE)}>
              {t('iot.tips.buyPackage')}
            </button>
          ) : null}
        </div>
      ) : (
        <div className={`sim-flow-body ${style === 'bar' ? 'bar' : 'ring'}`}>
          {style === 'bar' ? (
            <div className="sim-flow-bar-wrap">
              <div className="sim-flow-bar-head">
                <span className="muted">{t('iot.flow.left')}</span>
                <span data-testid="flow-left">{centre}</span>
              </div>
              <div
                className="sim-flow-bar"
                role="progressbar"
                aria-valuenow={Math.round(ratio * 100)}
                aria-valuemin={0}
                aria-valuemax={100}
              >
                <i className="sim-bar-fill" style={{ width: unlimited ? '100%' : `${Math.max(2, (1 - ratio) * 100)}%` }} />
              </div>
            </div>
          ) : (
            <div className="sim-ring-wrap">
              <Ring ratio={ratio} unlimited={unlimited} />
              <div className="sim-ring-centre">
                <span className="sim-ring-label">{t('iot.flow.left')}</span>
                <span data-testid="flow-left">{centre}</span>
              </div>
            </div>
          )}
          <dl className="sim-flow-stats">
            <div>
              <dt>{t('iot.flow.used')}</dt>
              <dd data-testid="flow-used">{flowText(info.useFlow)}</dd>
            </div>
            <div>
              <dt>{t('iot.flow.total')}</dt>
              <dd data-testid="flow-total">{unlimited ? t('iot.flow.unlimited') : flowText(info.totalFlow)}</dd>
            </div>
            <div>
              <dt>{t('iot.flow.today')}</dt>
              <dd data-testid="flow-today">{flowText(info.dayUseFlow)}</dd>
            </div>
            <div>
              <dt>{t('iot.flow.validity')}</dt>
              <dd data-testid="flow-validity">{info.surplusTimeTips || '—'}</dd>
            </div>
          </dl>
        </div>
      )}
      {noPackage ? null : (
        // The outlook's link is there from the first paint, and a line is kept for the forecast
        // until it comes, so the cards below do not move when it does.
        <div className="sim-outlook">
          <FirstOpen open={afterPaint} fallback={<p className="sim-outlook-line pending" aria-hidden="true" />}>
            <UsageOutlook />
          </FirstOpen>
          {knowsPage(USAGE_ALERTS) ? (
            <button type="button" className="sim-link sim-outlook-settings" onClick={() => void navigateTo(USAGE_ALERTS)}>
              {t('iot.alerts.settings')} <RightOutline />
            </button>
          ) : null}
        </div>
      )}
      {knowsPage(HISTORY) ? (
        <button type="button" className="sim-flow-history" onClick={() => void navigateTo(HISTORY)}>
          <span>
            {t('iot.flow.month')} <b>{flowText(info.monthUseFlow)}</b>
          </span>
          <span className="sim-link">
            {t('iot.flow.history')} <RightOutline />
          </span>
        </button>
      ) : null}
    </section>
  );
}
