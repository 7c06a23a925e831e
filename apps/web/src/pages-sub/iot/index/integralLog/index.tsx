import { RightOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useSimInfo } from '../../../../features/sim/api/sim-info.ts';
import { useSimIntegralLogList } from '../../../../features/sim/api/sim-integral-log-list.ts';
import { LedgerItem } from '../../../../features/sim/components/ledger-item.tsx';
import { LogList } from '../../../../features/sim/components/log-list.tsx';
import '../../../../features/sim/components/engage.css';
import { useRequireSim } from '../../../../features/sim/use-require-sim.ts';
import { grouped } from '../../../../lib/money.ts';
import { knowsPage, navigateTo } from '../../../../lib/nav.ts';

const TASKS = '/pages-sub/iot/task/index';

/** The card's points and their log, newest first (spec §2 integralLog). */
export default function IntegralLogPage() {
  const { t } = useTranslation();
  const loggedIn = useRequireSim();
  const info = useSimInfo();
  const q = useSimIntegralLogList();
  if (!loggedIn) return null;
  const items = q.data?.pages.flatMap((p) => p.list) ?? [];
  return (
    <div className="sim-page money-page" data-testid="integral-log-page">
      <section className="money-hero points-hero">
        <div className="money-hero-title">{t('engage.sign.points')}</div>
        <div className="money-hero-big" data-testid="points-total">
          {info.data ? grouped(info.data.integral) : '—'}
        </div>
        {knowsPage(TASKS) ? (
          <div className="task-hero-links">
            <button type="button" onClick={() => void navigateTo(TASKS)}>
              {t('engage.points.earn')} <RightOutline />
            </button>
          </div>
        ) : null}
      </section>
      <LogList q={q} empty={t('engage.points.empty')} label={t('engage.points.log')}>
        {items.map((e) => (
          <LedgerItem key={e.id} e={e} />
        ))}
      </LogList>
    </div>
  );
}
