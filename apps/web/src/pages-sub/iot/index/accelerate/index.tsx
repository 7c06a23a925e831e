import { RightOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccelerateList } from '../../../../features/sim/api/accelerate.ts';
import { useSimInfo } from '../../../../features/sim/api/sim-info.ts';
import { ACCELERATE, AccelerateBadge, speedLine } from '../../../../features/sim/components/accelerate-parts.tsx';
import { CardsSkeleton, ChoiceCard, MoneyEmpty, PayBar, PriceTag } from '../../../../features/sim/components/money-parts.tsx';
import { SimLoadFailed, SimNotOffered } from '../../../../features/sim/components/page-state.tsx';
import { yuan } from '../../../../features/sim/format.ts';
import { offers } from '../../../../features/sim/menu.ts';
import { useRequireSim } from '../../../../features/sim/use-require-sim.ts';
import { knowsPage, navigateTo } from '../../../../lib/nav.ts';

const PACKAGES = '/pages/iot/index/package/index';

/** Speed-ups (spec §2 accelerate/index): the one running, the products on sale; buy one while a package is in effect. */
export default function AcceleratePage() {
  const { t } = useTranslation();
  const loggedIn = useRequireSim();
  const sim = useSimInfo();
  const offered = sim.data ? offers(ACCELERATE.index, sim.data) : false;
  const q = useAccelerateList(offered);
  const [picked, setPicked] = useState<number | null>(null);
  if (!loggedIn) return null;
  if (sim.data && !offered) return <SimNotOffered />;
  if (sim.isError) return <SimLoadFailed onRetry={() => void sim.refetch()} />;
  if (q.isError) return <SimLoadFailed onRetry={() => void q.refetch()} />;
  if (!q.data) return <CardsSkeleton count={3} />;
  const data = q.data;
  const plan = data.plans.find((p) => p.id === picked) ?? data.plans[0];
  const noPackage = data.packageEndAt === null;
  return (
    <div className="sim-page money-page" data-testid="accelerate-page">
      <section className="money-hero accelerate-hero">
        <div className="money-hero-title">{data.current ? t('engage.accelerate.active') : t('engage.title.accelerate')}</div>
        {data.current ? <AccelerateBadge order={data.current} /> : <div className="money-hero-sub">{t('engage.accelerate.pitch')}</div>}
        {knowsPage(ACCELERATE.orders) ? (
          <div className="task-hero-links">
            <button type="button" onClick={() => void navigateTo(ACCELERATE.orders)} data-testid="accelerate-orders-link">
              {t('engage.accelerate.orders')} <RightOutline />
            </button>
          </div>
        ) : null}
      </section>
      {noPackage ? (
        <section className="card accelerate-note" data-testid="accelerate-no-package">
          <p>{t('engage.accelerate.needPackage')}</p>
          {knowsPage(PACKAGES) ? (
            <button type="button" className="task-btn claim" onClick={() => void navigateTo(PACKAGES)}>
              {t('engage.accelerate.buyPackage')}
            </button>
          ) : null}
        </section>
      ) : null}
      {data.plans.length === 0 || !plan ? (
        <MoneyEmpty text={t('engage.accelerate.none')} />
      ) : (
        <>
          <section className="card" aria-label={t('engage.accelerate.plans')}>
            <h2 className="section-title sim-mb">{t('engage.accelerate.plans')}</h2>
            <div className="choice-list">
              {data.plans.map((p) => (
                <ChoiceCard key={p.id} name="accelerate-plan" checked={plan.id === p.id} onSelect={() => setPicked(p.id)}>
                  <span className="choice-main" data-testid={`accelerate-plan-${p.id}`}>
                    <b>{p.name}</b>
                    <span className="muted">{speedLine(t, p)}</span>
                  </span>
                  <span className="vip-plan-price">
                    <PriceTag fen={p.price} />
                    {p.originalPrice > p.price ? <s>¥{yuan(p.originalPrice)}</s> : null}
                  </span>
                </ChoiceCard>
              ))}
            </div>
          </section>
          <PayBar total={<PriceTag fen={plan.price} testId="accelerate-total" />}>
            <button
              type="button"
              className="pay-bar-btn"
              data-testid="accelerate-buy"
              disabled={noPackage || data.current !== null}
              onClick={() => void navigateTo(`${ACCELERATE.cashier}?accelerateId=${plan.id}`)}
            >
              {data.current ? t('engage.accelerate.running') : t('engage.accelerate.buy')}
            </button>
          </PayBar>
        </>
      )}
    </div>
  );
}
