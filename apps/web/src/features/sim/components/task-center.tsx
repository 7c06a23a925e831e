import './sim.css';
import './money.css';
import './engage.css';
import type { SignInDay, TaskCenterReply, TaskKey, TaskView } from '@simshop/contract/iot-engage';
import { CheckOutline, RightOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { formatMonthOf, weekdayNames } from '../../../lib/datetime.ts';
import { Toast } from '../../../lib/feedback.ts';
import { grouped } from '../../../lib/money.ts';
import { knowsPage, navigateTo } from '../../../lib/nav.ts';
import { useGeneralSignIn } from '../api/general-sign-in.ts';
import { useTaskCenter } from '../api/task-center.ts';
import { CardsSkeleton } from './money-parts.tsx';
import { SimLoadFailed } from './page-state.tsx';

const POINTS_LOG = '/pages-sub/iot/index/integralLog/index';
const TASK_RULE = '/pages-sub/iot/protocol/taskRule';

function CycleDay({ d }: { d: SignInDay }) {
  const { t } = useTranslation();
  return (
    <li className={`task-day ${d.state}`} data-testid={`sign-day-${d.streakDay}`} data-state={d.state}>
      <span className="task-day-points">+{d.points}</span>
      <span className="task-day-mark" aria-hidden="true">
        {d.state === 'signed' ? <CheckOutline /> : null}
      </span>
      <span className="task-day-label">{t('engage.sign.day', { n: d.streakDay })}</span>
    </li>
  );
}

/** The month of today as a calendar, the days signed in marked. */
function MonthCalendar({ today, signed }: { today: string; signed: string[] }) {
  const { t } = useTranslation();
  const [y, m] = today.split('-').map(Number) as [number, number];
  const days = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const offset = (new Date(Date.UTC(y, m - 1, 1)).getUTCDay() + 6) % 7;
  const set = new Set(signed.map((d) => Number(d.slice(8))));
  const todayNo = Number(today.slice(8));
  type Cell = { key: string; kind: 'head' | 'blank' | 'day'; text?: string; cls?: string; signed?: boolean };
  const cells: Cell[] = weekdayNames().map((text, i) => ({ key: `head-${i}`, kind: 'head', text }));
  for (let i = 0; i < offset; i++) cells.push({ key: `blank-${i}`, kind: 'blank' });
  for (let n = 1; n <= days; n++) {
    const signed = set.has(n);
    cells.push({ key: `day-${n}`, kind: 'day', text: String(n), signed, cls: `${signed ? 'signed' : ''} ${n === todayNo ? 'today' : ''}` });
  }
  return (
    <section className="card task-month" aria-label={t('engage.sign.month')}>
      <h2 className="section-title sim-mb">{formatMonthOf(today)}</h2>
      <div className="task-month-grid">
        {cells.map((c) =>
          c.kind === 'head' ? (
            <span key={c.key} className="task-month-head" aria-hidden="true">
              {c.text}
            </span>
          ) : c.kind === 'blank' ? (
            <span key={c.key} />
          ) : (
            <span key={c.key} className={`task-month-day ${c.cls}`} data-signed={c.signed || undefined}>
              {c.text}
            </span>
          ),
        )}
      </div>
      <p className="task-month-note muted">{t('engage.sign.monthCount', { count: signed.length })}</p>
    </section>
  );
}

function TaskRow({ task, onClaim, busy }: { task: TaskView; onClaim: (k: TaskKey) => void; busy: boolean }) {
  const { t } = useTranslation();
  const canGo = task.state === 'todo' && knowsPage(task.path);
  return (
    <li className="task-row" data-testid={`task-${task.key}`} data-state={task.state}>
      <div className="task-row-main">
        <b>{t(`engage.task.${task.key}.title`)}</b>
        <span className="muted">{t(`engage.task.${task.key}.desc`)}</span>
      </div>
      <span className="task-row-points">+{task.points}</span>
      {task.state === 'claimable' ? (
        <button type="button" className="task-btn claim" disabled={busy} onClick={() => onClaim(task.key)}>
          {t('engage.task.claim')}
        </button>
      ) : task.state === 'done' ? (
        <span className="task-btn done">{t('engage.task.done')}</span>
      ) : canGo ? (
        <button type="button" className="task-btn go" onClick={() => void navigateTo(task.path)}>
          {t('engage.task.go')}
        </button>
      ) : (
        <span className="task-btn todo">{t('engage.task.todo')}</span>
      )}
    </li>
  );
}

function Hero({ data, onSign, busy }: { data: TaskCenterReply; onSign: () => void; busy: boolean }) {
  const { t } = useTranslation();
  return (
    <section className="money-hero task-hero">
      <div className="task-hero-top">
        <div>
          <div className="money-hero-title">{t('engage.sign.points')}</div>
          <div className="task-hero-points" data-testid="task-points">
            {grouped(data.integral)}
          </div>
        </div>
        <button type="button" className="task-sign-btn" data-testid="sign-in" disabled={data.signedToday || busy} onClick={onSign}>
          {data.signedToday ? t('engage.sign.signed') : t('engage.sign.signIn', { points: data.nextPoints })}
        </button>
      </div>
      <div className="money-hero-sub" data-testid="task-streak">
        {data.streak > 0
          ? t('engage.sign.streak', { count: data.streak })
          : t('engage.sign.noStreak', { points: data.cycle.at(-1)?.points ?? 0 })}
      </div>
      <div className="task-hero-links">
        {knowsPage(POINTS_LOG) ? (
          <button type="button" onClick={() => void navigateTo(POINTS_LOG)}>
            {t('engage.sign.pointsLog')} <RightOutline />
          </button>
        ) : null}
        {knowsPage(TASK_RULE) ? (
          <button type="button" onClick={() => void navigateTo(TASK_RULE)}>
            {t('engage.sign.rules')} <RightOutline />
          </button>
        ) : null}
      </div>
    </section>
  );
}

/**
 * The task centre (spec §2 task): points, the daily sign-in with its 7-day cycle of rising points
 * and the month's calendar, and one-off tasks whose points are received once done. `landscape`
 * lays the sign-in and the tasks side by side when the screen is wide enough.
 */
export function TaskCenter({ landscape = false }: { landscape?: boolean }) {
  const { t } = useTranslation();
  const q = useTaskCenter();
  const sign = useGeneralSignIn();
  if (q.isError) return <SimLoadFailed onRetry={() => void q.refetch()} />;
  if (!q.data) return <CardsSkeleton count={3} />;
  const data = q.data;
  const act = (task?: TaskKey) =>
    sign.mutate(task, {
      onSuccess: (r) => Toast.show({ icon: 'success', content: t('engage.sign.got', { points: r.points }) }),
    });
  return (
    <div className={`task-page ${landscape ? 'landscape' : ''}`}>
      <div className="task-col">
        <Hero data={data} onSign={() => act()} busy={sign.isPending} />
        <section className="card task-cycle-card" aria-label={t('engage.sign.cycle')}>
          <h2 className="section-title sim-mb">{t('engage.sign.cycle')}</h2>
          <ol className="task-cycle">
            {data.cycle.map((d) => (
              <CycleDay key={d.streakDay} d={d} />
            ))}
          </ol>
        </section>
        <MonthCalendar today={data.today} signed={data.monthDays} />
      </div>
      <div className="task-col">
        <section className="card task-list-card">
          <h2 className="section-title sim-mb">{t('engage.task.title')}</h2>
          <ul className="task-list">
            {data.tasks.map((task) => (
              <TaskRow key={task.key} task={task} onClaim={act} busy={sign.isPending} />
            ))}
          </ul>
        </section>
      </div>
    </div>
  );
}
