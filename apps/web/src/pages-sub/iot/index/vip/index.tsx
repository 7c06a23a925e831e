import { RightOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useVipList } from '../../../../features/sim/api/vip-list.ts';
import { CardsSkeleton, ChoiceCard, MoneyEmpty, PayBar, PriceTag } from '../../../../features/sim/components/money-parts.tsx';
import { SimLoadFailed } from '../../../../features/sim/components/page-state.tsx';
import { VipBadge, VipPrivileges } from '../../../../features/sim/components/vip-parts.tsx';
import { yuan } from '../../../../features/sim/format.ts';
import { useRequireSim } from '../../../../features/sim/use-require-sim.ts';
import { knowsPage, navigateTo } from '../../../../lib/nav.ts';

const PAY = '/pages-sub/iot/index/vip/pay/index';
const MY_VIP = '/pages-sub/iot/user/vip';
const PRIVILEGES = '/pages-sub/iot/index/vip/popup';

/** VIP plans (spec §2 vip/index): the card's VIP in effect, the plans and their privileges; buy or extend. */
export default function VipPage() {
  const { t } = useTranslation();
  const loggedIn = useRequireSim();
  const q = useVipList();
  const [picked, setPicked] = useState<number | null>(null);
  if (!loggedIn) return null;
  if (q.isError) return <SimLoadFailed onRetry={() => void q.refetch()} />;
  if (!q.data) return <CardsSkeleton count={3} />;
  const data = q.data;
  const plan = data.plans.find((p) => p.id === picked) ?? data.plans[0];
  return (
    <div className="sim-page money-page" data-testid="vip-page">
      <section className="money-hero vip-hero">
        <div className="money-hero-title">{data.current ? t('engage.vip.member') : t('engage.vip.join')}</div>
        {data.current ? <VipBadge order={data.current} /> : <div className="money-hero-sub">{t('engage.vip.pitch')}</div>}
        <div className="task-hero-links">
          {knowsPage(MY_VIP) ? (
            <button type="button" onClick={() => void navigateTo(MY_VIP)}>
              {t('engage.title.myVip')} <RightOutline />
            </button>
          ) : null}
          {plan && knowsPage(PRIVILEGES) ? (
            <button type="button" onClick={() => void navigateTo(`${PRIVILEGES}?vipId=${plan.id}`)}>
              {t('engage.vip.privileges')} <RightOutline />
            </button>
          ) : null}
        </div>
      </section>
      {data.plans.length === 0 || !plan ? (
        <MoneyEmpty text={t('engage.vip.none')} />
      ) : (
        <>
          <section className="card" aria-label={t('engage.vip.plans')}>
            <h2 className="section-title sim-mb">{t('engage.vip.plans')}</h2>
            <div className="choice-list">
              {data.plans.map((p) => (
                <ChoiceCard key={p.id} name="vip-plan" checked={plan.id === p.id} onSelect={() => setPicked(p.id)}>
                  <span className="choice-main" data-testid={`vip-plan-${p.id}`}>
                    <b>{p.name}</b>
                    <span className="muted">
                      {t('engage.vip.days', { count: p.durationDays })} · {p.privileges.items.map((i) => i.title).join(' · ')}
                    </span>
                  </span>
                  <span className="vip-plan-price">
                    <PriceTag fen={p.price} />
                    {p.originalPrice > p.price ? <s>¥{yuan(p.originalPrice)}</s> : null}
                  </span>
                </ChoiceCard>
              ))}
            </div>
          </section>
          <section className="card">
            <h2 className="section-title sim-mb">{t('engage.vip.privileges')}</h2>
            <VipPrivileges privileges={plan.privileges} />
          </section>
          <PayBar total={<PriceTag fen={plan.price} testId="vip-total" />}>
            <button type="button" className="pay-bar-btn" data-testid="vip-buy" onClick={() => void navigateTo(`${PAY}?vipId=${plan.id}`)}>
              {data.endAt ? t('engage.vip.extend') : t('engage.vip.open')}
            </button>
          </PayBar>
        </>
      )}
    </div>
  );
}
