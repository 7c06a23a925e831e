import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useVipList } from '../../../../features/sim/api/vip-list.ts';
import { CardsSkeleton } from '../../../../features/sim/components/money-parts.tsx';
import { SimLoadFailed, SimMissingItem } from '../../../../features/sim/components/page-state.tsx';
import { VipPrivileges } from '../../../../features/sim/components/vip-parts.tsx';
import { useRequireSim } from '../../../../features/sim/use-require-sim.ts';

const VIP = '/pages-sub/iot/index/vip/index';

/** The privileges of a VIP plan (spec §2 vip/popup, ?vipId=): what it gives while it runs. */
export default function VipPrivilegesPage() {
  const { t } = useTranslation();
  const loggedIn = useRequireSim();
  const [params] = useSearchParams();
  const q = useVipList();
  if (!loggedIn) return null;
  if (q.isError) return <SimLoadFailed onRetry={() => void q.refetch()} />;
  if (!q.data) return <CardsSkeleton count={2} />;
  const vipId = Number(params.get('vipId'));
  const plan = q.data.plans.find((p) => p.id === vipId) ?? q.data.plans[0];
  if (!plan) return <SimMissingItem title={t('engage.vip.none')} action={t('engage.title.vip')} to={VIP} />;
  return (
    <div className="sim-page money-page" data-testid="vip-privileges-page">
      <section className={`card vip-plan-head ${plan.privileges.gi}`}>
        <h1 className="section-title">{plan.name}</h1>
        <span className="muted">{t('engage.vip.days', { count: plan.durationDays })}</span>
      </section>
      <section className="card">
        <h2 className="section-title sim-mb">{t('engage.vip.privileges')}</h2>
        <VipPrivileges privileges={plan.privileges} />
      </section>
    </div>
  );
}
