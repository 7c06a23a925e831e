import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { openOfficialAuth } from '../../../../../features/sim/api/official-auth.ts';
import { useSimInfo } from '../../../../../features/sim/api/sim-info.ts';
import { SimLoadFailed, SimLoading } from '../../../../../features/sim/components/page-state.tsx';
import { AuthBadge } from '../../../../../features/sim/components/realname-parts.tsx';
import { useRequireSim } from '../../../../../features/sim/use-require-sim.ts';

const BACK = '/pages/iot/index/realnameAuth/index';

/** The carrier's official real-name: the card's ICCID goes to the operator's own page, which reports back. */
export default function OfficialAuthPage() {
  const { t } = useTranslation();
  const loggedIn = useRequireSim();
  const info = useSimInfo();
  const [busy, setBusy] = useState(false);
  if (!loggedIn) return null;
  if (info.isError) return <SimLoadFailed onRetry={() => void info.refetch()} />;
  const sim = info.data;
  if (!sim) return <SimLoading />;
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
          <dd data-testid="official-iccid">{sim.iccid}</dd>
        </dl>
        <ol className="acct-steps">
          <li>{t('iot.realnameAuth.officialStep1')}</li>
          <li>{t('iot.realnameAuth.officialStep2')}</li>
          <li>{t('iot.realnameAuth.officialStep3')}</li>
        </ol>
        <button
          type="button"
          className="sim-primary-btn"
          disabled={busy || sim.authStatus === 1 || sim.authStatus === 2}
          onClick={async () => {
            setBusy(true);
            await openOfficialAuth({ device: false, back: BACK }).catch(() => setBusy(false));
          }}
        >
          {t('iot.realnameAuth.openOperator')}
        </button>
      </section>
    </div>
  );
}
