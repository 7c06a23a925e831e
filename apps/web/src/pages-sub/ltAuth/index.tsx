import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { openOfficialAuth } from '../../features/sim/api/official-auth.ts';
import { useSimInfo } from '../../features/sim/api/sim-info.ts';
import { SimLoadFailed, SimLoading } from '../../features/sim/components/page-state.tsx';
import { AuthBadge } from '../../features/sim/components/realname-parts.tsx';
import { useRequireSim } from '../../features/sim/use-require-sim.ts';

/**
 * China Unicom's own real-name flow: its steps, then its page with the card's ICCID (for a SIM of
 * a device, `simNo` names it).
 */
export default function LtAuthPage() {
  const { t } = useTranslation();
  const loggedIn = useRequireSim();
  const [search] = useSearchParams();
  const info = useSimInfo();
  const [busy, setBusy] = useState(false);
  if (!loggedIn) return null;
  if (info.isError) return <SimLoadFailed onRetry={() => void info.refetch()} />;
  const sim = info.data;
  if (!sim) return <SimLoading />;
  const simNo = search.get('simNo') ?? '';
  const target = sim.viceSims.find((s) => s.simNo === simNo);
  const status = target ? target.authStatus : sim.authStatus;
  const back = simNo ? `/pages-sub/ltAuth/index?simNo=${simNo}` : '/pages/iot/index/realnameAuth/index';
  return (
    <div className="sim-page acct-page">
      <div className="acct-hero unicom">
        <b>{t('iot.realnameAuth.ltTitle')}</b>
        <span>{t('iot.realnameAuth.ltHint')}</span>
      </div>
      <section className="card acct-card">
        <div className="acct-card-head">
          <h2>{target?.simNo ?? sim.simNo}</h2>
          <AuthBadge status={status} />
        </div>
        <ol className="acct-steps">
          <li>{t('iot.realnameAuth.ltStep1')}</li>
          <li>{t('iot.realnameAuth.ltStep2')}</li>
          <li>{t('iot.realnameAuth.ltStep3')}</li>
        </ol>
        <button
          type="button"
          className="sim-primary-btn"
          disabled={busy || status === 1 || status === 2}
          onClick={async () => {
            setBusy(true);
            await openOfficialAuth({ device: Boolean(target), simNo: target?.simNo, back }).catch(() => setBusy(false));
          }}
        >
          {t('iot.realnameAuth.ltStart')}
        </button>
      </section>
    </div>
  );
}
