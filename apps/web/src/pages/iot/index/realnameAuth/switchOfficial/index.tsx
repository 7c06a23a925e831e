import { RightOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useChangeSimList } from '../../../../../features/sim/api/change-sim-list.ts';
import { SimLoadFailed, SimLoading } from '../../../../../features/sim/components/page-state.tsx';
import { AuthBadge } from '../../../../../features/sim/components/realname-parts.tsx';
import { useRequireSim } from '../../../../../features/sim/use-require-sim.ts';
import { navigateTo } from '../../../../../lib/nav.ts';

/** A device's SIMs: each needs its own operator's real-name; tapping one opens its flow. */
export default function SwitchOfficialPage() {
  const { t } = useTranslation();
  const loggedIn = useRequireSim();
  const list = useChangeSimList();
  if (!loggedIn) return null;
  if (list.isError) return <SimLoadFailed onRetry={() => void list.refetch()} />;
  if (!list.data) return <SimLoading />;
  const sims = [...list.data.list].sort((a, b) => a.slot - b.slot);
  return (
    <div className="sim-page acct-page">
      <p className="acct-lead">{t('iot.realnameAuth.eachSimHint')}</p>
      {sims.map((sim) => (
        <button
          key={sim.simNo}
          type="button"
          className="card acct-sim"
          data-testid="realname-sim"
          onClick={() => void navigateTo(`/pages/iot/index/realnameAuth/switchOfficial/subOfficial/index?simNo=${sim.simNo}`)}
        >
          <span className="acct-sim-main">
            <b>{t(`iot.operator.${sim.operatorType}`)}</b>
            <span className="muted">{sim.simNo}</span>
          </span>
          <AuthBadge status={sim.authStatus} />
          <RightOutline className="muted" />
        </button>
      ))}
    </div>
  );
}
