import { useTranslation } from 'react-i18next';
import { useRealnameInfo } from '../../../../features/sim/api/realname-info.ts';
import { useSimInfo } from '../../../../features/sim/api/sim-info.ts';
import { SimLoadFailed, SimLoading } from '../../../../features/sim/components/page-state.tsx';
import { AuthBadge, RequestSummary } from '../../../../features/sim/components/realname-parts.tsx';
import { isDevice } from '../../../../features/sim/labels.ts';
import { useRequireSim } from '../../../../features/sim/use-require-sim.ts';
import { navigateTo } from '../../../../lib/nav.ts';

const DONE = 1;
const REVIEWING = 2;

/**
 * Real-name authentication of the card (spec §2 realnameAuth): the carrier's state and, when the
 * promoter asks for it, the platform's; each leads to the flow it needs by the card's state.
 */
export default function RealnameAuthPage() {
  const { t } = useTranslation();
  const loggedIn = useRequireSim();
  const info = useSimInfo();
  const realname = useRealnameInfo();
  if (!loggedIn) return null;
  if (realname.isError || info.isError) return <SimLoadFailed onRetry={() => void realname.refetch()} />;
  const r = realname.data;
  const sim = info.data;
  if (!r || !sim) return <SimLoading />;

  const manySims = isDevice(sim) && sim.viceSims.length > 1;
  const officialPath = manySims
    ? '/pages/iot/index/realnameAuth/switchOfficial/index'
    : r.ownFlow
      ? '/pages-sub/ltAuth/index'
      : '/pages/iot/index/realnameAuth/official/index';
  const platformPath = r.platformAuthType === 2 ? '/pages/iot/index/realnameAuth/platform/index' : officialPath;
  const showPlatform = r.needPlatformAuth || r.authPlatformStatus !== 0;
  const allDone = r.authStatus === DONE && (!showPlatform || r.authPlatformStatus === DONE);

  return (
    <div className="sim-page acct-page">
      <div className={`acct-hero ${allDone ? 'done' : ''}`} data-testid="realname-summary">
        <b>{allDone ? t('iot.realnameAuth.allDone') : t('iot.realnameAuth.needed')}</b>
        <span>{allDone ? t('iot.realnameAuth.allDoneHint') : t('iot.realnameAuth.neededHint')}</span>
      </div>

      <section className="card acct-card" data-testid="realname-official">
        <div className="acct-card-head">
          <h2>{t('iot.realnameAuth.official')}</h2>
          <AuthBadge status={r.authStatus} />
        </div>
        <p className="muted">{t('iot.realnameAuth.officialHint', { operator: t(`iot.operator.${r.operatorType}`) })}</p>
        <RequestSummary request={r.official} />
        {r.authStatus !== DONE && r.authStatus !== REVIEWING ? (
          <button type="button" className="sim-primary-btn" onClick={() => void navigateTo(officialPath)}>
            {manySims ? t('iot.realnameAuth.eachSim') : t('iot.realnameAuth.goOfficial')}
          </button>
        ) : null}
      </section>

      {showPlatform ? (
        <section className="card acct-card" data-testid="realname-platform">
          <div className="acct-card-head">
            <h2>{t('iot.realnameAuth.platform')}</h2>
            <AuthBadge status={r.authPlatformStatus} />
          </div>
          <p className="muted">{t('iot.realnameAuth.platformHint')}</p>
          <RequestSummary request={r.platform} />
          {r.authPlatformStatus !== DONE && r.authPlatformStatus !== REVIEWING ? (
            <button type="button" className="sim-primary-btn" onClick={() => void navigateTo(platformPath)}>
              {r.authPlatformStatus === 3 ? t('iot.realnameAuth.again') : t('iot.realnameAuth.goPlatform')}
            </button>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}
