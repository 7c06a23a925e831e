import type { DIAGNOSIS_ACTIONS, SimDiagnosis } from '@simshop/contract/iot-sims';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { CheckCircleFill, CloseCircleFill, ExclamationCircleFill } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSimDiagnosis } from '../../../../features/sim/api/sim-diagnose.ts';
import { refreshSimInfo } from '../../../../features/sim/api/sim-refresh.ts';
import { useSimRemoveBreak } from '../../../../features/sim/api/sim-remove-break.ts';
import { SimLoadFailed, SimLoading } from '../../../../features/sim/components/page-state.tsx';
import { TimelineCard } from '../../../../features/sim/components/timeline-card.tsx';
import { realnameAction } from '../../../../features/sim/realname-action.ts';
import { useRequireSim } from '../../../../features/sim/use-require-sim.ts';
import { formatDateTime } from '../../../../lib/datetime.ts';
import { navigateTo } from '../../../../lib/nav.ts';
import './index.css';

type Action = (typeof DIAGNOSIS_ACTIONS)[number];

const PAGES: Partial<Record<Action, string>> = {
  customerService: '/pages/iot/index/customer/index',
  topUp: '/pages/iot/index/balance/index',
  buyPackage: '/pages/iot/index/package/index',
  deviceManage: '/pages-sub/iot/deviceManage/index',
};

/**
 * "Why is my internet down?": the causes the server finds in the card's state, each in plain words
 * with the one action that fixes it, and every fact it looked at.
 */
export default function DiagnosePage() {
  const { t } = useTranslation();
  const loggedIn = useRequireSim();
  const queryClient = useQueryClient();
  const { data, isError, isFetching, refetch } = useSimDiagnosis();
  const removeBreak = useSimRemoveBreak();
  const [working, setWorking] = useState(false);
  if (!loggedIn) return null;
  if (isError) return <SimLoadFailed onRetry={() => void refetch()} />;
  if (!data) return <SimLoading lines={6} />;

  const checkAgain = async () => {
    setWorking(true);
    try {
      await refreshSimInfo(queryClient).catch(() => undefined); // throttled by the server: the check runs anyway
      await refetch();
    } finally {
      setWorking(false);
    }
  };
  const run = async (action: Action) => {
    if (action === 'realname') return realnameAction().go();
    if (action === 'refresh') return checkAgain();
    if (action === 'removeBreak') {
      await removeBreak.mutateAsync().catch(() => undefined); // request.ts showed a refusal
      return void refetch();
    }
    const page = PAGES[action];
    if (page) await navigateTo(page);
  };
  const label = (action: Action) => (action === 'realname' ? realnameAction().label : t(`iot.diagnose.action.${action}`));

  return (
    <div className="sim-page">
      <Verdict data={data} />
      {data.causes.map((c) => (
        <section key={c.key} className="card diagnose-cause" data-testid={`cause-${c.key}`}>
          <ExclamationCircleFill className="diagnose-cause-icon" />
          <div className="diagnose-cause-body">
            <h2>{c.title}</h2>
            <p>{c.detail}</p>
            {c.action ? (
              <Button
                color="primary"
                shape="rounded"
                size="small"
                loading={c.action === 'removeBreak' && removeBreak.isPending}
                onClick={() => void run(c.action as Action)}
              >
                {label(c.action)}
              </Button>
            ) : null}
          </div>
        </section>
      ))}
      <section className="card">
        <h2 className="section-title sim-mb">{t('iot.diagnose.checked')}</h2>
        <ul className="diagnose-checks">
          {data.checks.map((c) => (
            <li key={c.key} data-testid={`check-${c.key}`}>
              <span>{c.label}</span>
              {c.ok ? (
                <CheckCircleFill className="ok" aria-label={t('iot.diagnose.fine')} />
              ) : (
                <CloseCircleFill className="bad" aria-label={t('iot.diagnose.problem')} />
              )}
            </li>
          ))}
        </ul>
        <p className="muted diagnose-when">{t('iot.diagnose.syncedAt', { time: formatDateTime(data.checkedAt) })}</p>
      </section>
      <TimelineCard />
      <div className="diagnose-again">
        <Button block shape="rounded" loading={working || isFetching} onClick={() => void checkAgain()}>
          {t('iot.diagnose.again')}
        </Button>
      </div>
    </div>
  );
}

function Verdict({ data }: { data: SimDiagnosis }) {
  const { t } = useTranslation();
  return (
    <section className={`diagnose-verdict ${data.ok ? 'ok' : 'bad'}`} role="status">
      {data.ok ? <CheckCircleFill /> : <ExclamationCircleFill />}
      <div>
        <h1>{data.ok ? t('iot.diagnose.okTitle') : t('iot.diagnose.badTitle', { count: data.causes.length })}</h1>
        <p>{data.ok ? t('iot.diagnose.okHint') : t('iot.diagnose.badHint')}</p>
      </div>
    </section>
  );
}
