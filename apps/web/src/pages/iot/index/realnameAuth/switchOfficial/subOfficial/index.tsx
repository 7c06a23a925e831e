import { ErrorBlock } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useChangeSimList } from '../../../../../../features/sim/api/change-sim-list.ts';
import { openOfficialAuth } from '../../../../../../features/sim/api/official-auth.ts';
import { SimLoadFailed, SimLoading } from '../../../../../../features/sim/components/page-state.tsx';
import { AuthBadge } from '../../../../../../features/sim/components/realname-parts.tsx';
import { useRequireSim } from '../../../../../../features/sim/use-require-sim.ts';
import { navigateTo } from '../../../../../../lib/nav.ts';

/** One SIM of the device: its operator's real-name page (China Unicom's own flow for Unicom SIMs). */
export default function SubOfficialPage() {
  const { t } = useTranslation();
  const loggedIn = useRequireSim();
  const [search] = useSearchParams();
  const list = useChangeSimList();
  const [busy, setBusy] = useState(false);
  if (!loggedIn) return null;
  if (list.isError) return <SimLoadFailed onRetry={() => void list.refetch()} />;
  if (!list.data) return <SimLoading />;
  const sim = list.data.list.find((s) => s.simNo === search.get('simNo')) ?? list.data.list[0];
  if (!sim) return <ErrorBlock status="empty" title={t('iot.device.notDevice')} />;
  const back = `/pages/iot/index/realnameAuth/switchOfficial/subOfficial/index?simNo=${sim.simNo}`;
  return (
    <div className="sim-page acct-page">
      <section className="card acct-card">
        <div className="acct-card-head">
          <h2>{t(`iot.operator.${sim.operatorType}`)}</h2>
          <AuthBadge status={sim.authStatus} />
        </div>
        <dl className="acct-request">
          <dt>{t('iot.realnameAuth.simNo')}</dt>
          <dd>{sim.simNo}</dd>
          <dt>ICCID</dt>
          <dd>{sim.iccid}</dd>
        </dl>
        <p className="muted">{t('iot.realnameAuth.officialHint', { operator: t(`iot.operator.${sim.operatorType}`) })}</p>
        <button
          type="button"
          className="sim-primary-btn"
          disabled={busy || sim.authStatus === 1 || sim.authStatus === 2}
          onClick={async () => {
            if (sim.operatorType === 2) return void navigateTo(`/pages-sub/ltAuth/index?simNo=${sim.simNo}`);
            setBusy(true);
            await openOfficialAuth({ device: true, simNo: sim.simNo, back }).catch(() => setBusy(false));
          }}
        >
          {t('iot.realnameAuth.openOperator')}
        </button>
      </section>
    </div>
  );
}
