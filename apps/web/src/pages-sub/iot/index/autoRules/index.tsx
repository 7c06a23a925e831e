import { type AutoRulesReply, SLOW_SPEEDS, type SlowdownRule, type SlowSpeed, TOPUP_CAP_MAX } from '@simshop/contract/iot-rules';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NumberStepper } from '../../../../components/number-stepper.tsx';
import { PlainInput } from '../../../../components/text-field.tsx';
import {
  autoRulesKey,
  deleteSlowdownRule,
  deleteTopupRule,
  pauseSlowdownRule,
  pauseTopupRule,
  saveSlowdownRule,
  saveTopupRule,
  useAutoRules,
} from '../../../../features/sim/api/auto-rules.ts';
import { SimLoadFailed, SimLoading } from '../../../../features/sim/components/page-state.tsx';
import { goToCashier, isPasswordRequired, passwordRefusal } from '../../../../features/sim/components/pay-flow.ts';
import { PAY_PASSWORD_PAGE, type PasswordOutcome, PayPasswordSheet } from '../../../../features/sim/components/pay-password-sheet.tsx';
import { flowText } from '../../../../features/sim/format.ts';
import { parseYuan, payMethodLabel } from '../../../../features/sim/money-format.ts';
import { useRequireSim } from '../../../../features/sim/use-require-sim.ts';
import { formatDate, formatDateTime, formatNearDateTime } from '../../../../lib/datetime.ts';
import { Dialog, Toast } from '../../../../lib/feedback.ts';
import { money, yuan } from '../../../../lib/money.ts';
import { knowsPage, navigateTo } from '../../../../lib/nav.ts';
import { ApiError } from '../../../../lib/request.ts';
import { useSession } from '../../../../lib/session.ts';
import './index.css';

type TopupDraft = { below: string; amount: string; cap: number; method: string };

/** One choice of a few, as pressed chips. */
function Chips<V extends string>({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: { value: V; label: string }[];
  value: V;
  onChange: (value: V) => void;
}) {
  return (
    <fieldset className="auto-rules-chips" aria-label={label}>
      {options.map((o) => (
        <button key={o.value} type="button" className="auto-rules-chip" aria-pressed={value === o.value} onClick={() => onChange(o.value)}>
          {o.label}
        </button>
      ))}
    </fieldset>
  );
}

/** Pause or resume a saved rule, or delete it after the holder confirms. */
function RuleActions({
  paused,
  busy,
  confirm,
  onPause,
  onDelete,
}: {
  paused: boolean;
  busy: boolean;
  /** Text key of the delete confirmation. */
  confirm: string;
  onPause: () => void;
  onDelete: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const remove = async () => {
    if (await Dialog.confirm({ content: t(confirm), cancelText: t('common.cancel'), confirmText: t('iot.rules.delete') })) await onDelete();
  };
  return (
    <div className="auto-rules-actions">
      <Button size="small" shape="rounded" disabled={busy} onClick={onPause}>
        {paused ? t('iot.rules.resume') : t('iot.rules.pause')}
      </Button>
      <Button size="small" shape="rounded" color="danger" fill="outline" disabled={busy} onClick={() => void remove()}>
        {t('iot.rules.delete')}
      </Button>
    </div>
  );
}

/**
 * Standing rules of the card: an auto top-up rule (below a balance the holder is asked to pay a
 * top-up, at most so many times a month; set with the pay password) and a slow-down rule (past a
 * month's data the card runs slow until the month ends instead of being cut off).
 */
export default function AutoRulesPage() {
  const { t } = useTranslation();
  const loggedIn = useRequireSim();
  const queryClient = useQueryClient();
  const simNo = useSession((s) => s.simNo);
  const { data, isError, refetch } = useAutoRules();
  const [topup, setTopup] = useState<TopupDraft | null>(null);
  const [slow, setSlow] = useState<{ limitGb: number; speed: SlowSpeed } | null>(null);
  const [sheetOpen, setSheetOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!data) return;
    if (!topup) {
      const r = data.topup;
      setTopup({
        below: r ? yuan(r.below) : '10',
        amount: r ? yuan(r.amount) : '50',
        cap: r?.monthlyCap ?? 2,
        method: r?.method ?? data.payMethods[0]?.method ?? '',
      });
    }
    if (!slow) setSlow({ limitGb: data.slowdown?.limitGb ?? 10, speed: data.slowdown?.speed ?? 'SLOW_1M' });
  }, [data, topup, slow]);
  if (!loggedIn) return null;
  if (isError) return <SimLoadFailed onRetry={() => void refetch()} />;
  if (!data || !topup || !slow) return <SimLoading lines={8} />;

  const show = (reply: AutoRulesReply) => queryClient.setQueryData(autoRulesKey(simNo), reply);
  const act = async (call: () => Promise<AutoRulesReply>, done: string) => {
    setBusy(true);
    try {
      show(await call());
      Toast.show({ icon: 'success', content: t(done) });
    } catch {
      // request.ts showed the reason.
    } finally {
      setBusy(false);
    }
  };

  const below = parseYuan(topup.below);
  const amount = parseYuan(topup.amount);
  const submitTopup = async (payPassword?: string): Promise<PasswordOutcome> => {
    if (below === null || amount === null) return 'stop';
    setBusy(true);
    try {
      show(await saveTopupRule({ below, amount, monthlyCap: topup.cap, method: topup.method, ...(payPassword ? { payPassword } : {}) }));
      setSheetOpen(false);
      Toast.show({ icon: 'success', content: t('iot.rules.saved') });
      return 'ok';
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (isPasswordRequired(error.code)) {
        setSheetOpen(true);
        return payPassword ? 'wrong' : 'stop';
      }
      return payPassword ? passwordRefusal(queryClient, error, () => setSheetOpen(false)) : 'stop';
    } finally {
      setBusy(false);
    }
  };

  const rule = data.topup;
  const sd = data.slowdown;
  const open = rule?.open ?? null;
  const speedName = (s: SlowSpeed) => t(`iot.rules.speed.${s}`);
  /** What the slow-down rule does now: paused, slowed (after a speed-up the holder bought), refused, or its state. */
  const slowStatus = (r: SlowdownRule) => {
    if (r.paused && r.state === 'watching') return t('iot.rules.paused');
    if (r.state === 'refused') return t('iot.rules.refused', { reason: r.message });
    if (r.state !== 'slowed' || !r.slowedUntil) return t(`iot.rules.slowState.${r.state}`);
    const slowed = { speed: speedName(r.speed), date: formatDate(r.slowedUntil) };
    return r.speedUpUntil
      ? t('iot.rules.slowedAfterSpeedUp', { ...slowed, time: formatNearDateTime(r.speedUpUntil) })
      : t('iot.rules.slowedUntil', slowed);
  };

  return (
    <div className="auto-rules">
      <section className="card" aria-labelledby="auto-topup-title">
        <h2 className="section-title" id="auto-topup-title">
          {t('iot.rules.topupTitle')}
        </h2>
        <p className="muted auto-rules-hint">{t('iot.rules.topupHint')}</p>
        <p className="auto-rules-line">{t('iot.rules.balanceNow', { balance: money(data.balance) })}</p>
        {rule ? (
          <div className="auto-rules-status" data-testid="topup-status">
            <div>{t('iot.rules.topupSummary', { below: money(rule.below), amount: money(rule.amount), cap: rule.monthlyCap })}</div>
            <div className={rule.capped ? 'auto-rules-warn' : 'muted'}>
              {rule.paused
                ? t('iot.rules.paused')
                : rule.capped
                  ? t('iot.rules.capped', { cap: rule.monthlyCap })
                  : t('iot.rules.usedThisMonth', { used: rule.usedThisMonth, cap: rule.monthlyCap })}
            </div>
          </div>
        ) : null}
        {open ? (
          <div className="auto-rules-open" role="status">
            <span>{t('iot.rules.openRequest', { amount: money(open.amount), balance: money(open.balance) })}</span>
            {open.payUrl ? (
              <Button color="primary" shape="rounded" size="small" onClick={() => goToCashier({ payUrl: open.payUrl })}>
                {t('iot.rules.pay', { amount: money(open.amount) })}
              </Button>
            ) : null}
          </div>
        ) : null}
        <label className="auto-rules-field">
          <span>{t('iot.rules.below')}</span>
          <PlainInput
            inputMode="decimal"
            aria-label={t('iot.rules.below')}
            value={topup.below}
            onChange={(e) => setTopup({ ...topup, below: e.target.value })}
          />
        </label>
        <label className="auto-rules-field">
          <span>{t('iot.rules.amount', { min: money(data.minAmount), max: money(data.maxAmount) })}</span>
          <PlainInput
            inputMode="decimal"
            aria-label={t('iot.rules.amountLabel')}
            value={topup.amount}
            onChange={(e) => setTopup({ ...topup, amount: e.target.value })}
          />
        </label>
        <div className="auto-rules-field">
          <span>{t('iot.rules.cap')}</span>
          <NumberStepper
            min={1}
            max={TOPUP_CAP_MAX}
            value={topup.cap}
            onChange={(cap) => setTopup({ ...topup, cap })}
            label={t('iot.rules.cap')}
            less={t('iot.rules.less')}
            more={t('iot.rules.more')}
          />
        </div>
        <Chips
          label={t('iot.rules.method')}
          options={data.payMethods.map((m) => ({ value: m.method, label: payMethodLabel(t, m) }))}
          value={topup.method}
          onChange={(method) => setTopup({ ...topup, method })}
        />
        {data.existPayPassword ? (
          <Button
            block
            color="primary"
            shape="rounded"
            loading={busy}
            disabled={below === null || amount === null || !topup.method}
            onClick={() => {
              // What the pay password cannot change is checked before it is asked for.
              if (amount !== null && (amount < data.minAmount || amount > data.maxAmount)) {
                Toast.show({ content: t('iot.rules.amountOutOfRange', { min: money(data.minAmount), max: money(data.maxAmount) }) });
                return;
              }
              setSheetOpen(true);
            }}
          >
            {t('iot.rules.saveTopup')}
          </Button>
        ) : (
          <div className="auto-rules-line">
            <p className="muted">{t('iot.rules.needPayPassword')}</p>
            {knowsPage(PAY_PASSWORD_PAGE) ? (
              <Button block shape="rounded" color="primary" fill="outline" onClick={() => void navigateTo(PAY_PASSWORD_PAGE)}>
                {t('iot.rules.setPayPassword')}
              </Button>
            ) : null}
          </div>
        )}
        {rule ? (
          <RuleActions
            paused={rule.paused}
            busy={busy}
            confirm="iot.rules.deleteTopupConfirm"
            onPause={() => void act(() => pauseTopupRule(!rule.paused), 'iot.rules.saved')}
            onDelete={() => act(deleteTopupRule, 'iot.rules.deleted')}
          />
        ) : null}
        {data.requests.length > 0 ? (
          <>
            <h3 className="auto-rules-sub">{t('iot.rules.requests')}</h3>
            <ul className="auto-rules-list">
              {data.requests.map((q) => (
                <li key={q.id}>
                  <span>
                    {money(q.amount)} · {t(`iot.rules.state.${q.state}`)}
                    {q.message ? ` · ${q.message}` : ''}
                  </span>
                  <span className="muted">
                    {formatDateTime(q.createdAt)}
                    {q.texted ? ` · ${t('iot.rules.texted')}` : ''}
                  </span>
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </section>

      <section className="card" aria-labelledby="slowdown-title">
        <h2 className="section-title" id="slowdown-title">
          {t('iot.rules.slowTitle')}
        </h2>
        <p className="muted auto-rules-hint">{t('iot.rules.slowHint')}</p>
        <p className="auto-rules-line">{t('iot.rules.monthUse', { used: flowText(data.monthUseMb) })}</p>
        {sd ? (
          <div className="auto-rules-status" data-testid="slowdown-status">
            <div>{t('iot.rules.slowSummary', { limit: sd.limitGb, speed: speedName(sd.speed) })}</div>
            <div className={sd.state === 'slowed' || sd.state === 'refused' ? 'auto-rules-warn' : 'muted'}>{slowStatus(sd)}</div>
          </div>
        ) : null}
        <label className="auto-rules-field">
          <span>{t('iot.rules.limitGb')}</span>
          <PlainInput
            inputMode="numeric"
            aria-label={t('iot.rules.limitGb')}
            value={slow.limitGb || ''}
            onChange={(e) => setSlow({ ...slow, limitGb: Number(e.target.value.replace(/\D/g, '').slice(0, 4)) })}
          />
        </label>
        <Chips
          label={t('iot.rules.speedLabel')}
          options={SLOW_SPEEDS.map((s) => ({ value: s, label: speedName(s) }))}
          value={slow.speed}
          onChange={(speed) => setSlow({ ...slow, speed })}
        />
        <Button
          block
          color="primary"
          shape="rounded"
          loading={busy}
          onClick={() => void act(() => saveSlowdownRule(slow), 'iot.rules.saved')}
        >
          {t('iot.rules.saveSlow')}
        </Button>
        {sd ? (
          <RuleActions
            paused={sd.paused}
            busy={busy}
            confirm="iot.rules.deleteSlowConfirm"
            onPause={() => void act(() => pauseSlowdownRule(!sd.paused), 'iot.rules.saved')}
            onDelete={() => act(deleteSlowdownRule, 'iot.rules.deleted')}
          />
        ) : null}
      </section>
      <PayPasswordSheet visible={sheetOpen} onClose={() => setSheetOpen(false)} onSubmit={(pw) => submitTopup(pw)} />
    </div>
  );
}
