import { useQueryClient } from '@tanstack/react-query';
import { CheckCircleFill, LockOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { postCheckPayPass } from '../../../../features/sim/api/check-pay-pass.ts';
import { usePayPassCode } from '../../../../features/sim/api/pay-pass-code.ts';
import { payPassStatusQuery, usePayPassStatus } from '../../../../features/sim/api/pay-pass-status.ts';
import { useSimInfo } from '../../../../features/sim/api/sim-info.ts';
import { useSimUpdatePayPass } from '../../../../features/sim/api/sim-update-pay-pass.ts';
import { CodeField } from '../../../../features/sim/components/code-field.tsx';
import { CardsSkeleton } from '../../../../features/sim/components/money-parts.tsx';
import { SimLoadFailed } from '../../../../features/sim/components/page-state.tsx';
import { isPasswordField } from '../../../../features/sim/components/pay-flow.ts';
import { PAY_PASSWORD_LENGTH, PayCells, PayKeyboard } from '../../../../features/sim/components/pay-keyboard.tsx';
import { unlockTime } from '../../../../features/sim/components/pay-password-sheet.tsx';
import { weakPassword } from '../../../../features/sim/money-format.ts';
import { useRequireSim } from '../../../../features/sim/use-require-sim.ts';
import { navigateBack } from '../../../../lib/nav.ts';
import { ApiError } from '../../../../lib/request.ts';
import { useSession } from '../../../../lib/session.ts';

type Step = 'verify' | 'new' | 'confirm' | 'done';
type Mode = 'old' | 'sms';

function Steps({ step, verify }: { step: Step; verify: boolean }) {
  const { t } = useTranslation();
  const list: Step[] = verify ? ['verify', 'new', 'confirm'] : ['new', 'confirm'];
  const at = list.indexOf(step === 'done' ? 'confirm' : step);
  return (
    <ol className="pp-steps">
      {list.map((s, i) => (
        <li key={s} className={i < at || step === 'done' ? 'done' : i === at ? 'on' : ''}>
          <i>{i + 1}</i>
          <span>{t(`iot.payPass.step.${s}`)}</span>
        </li>
      ))}
    </ol>
  );
}

function SmsVerify({ onNext }: { onNext: (code: string) => void }) {
  const { t } = useTranslation();
  const info = useSimInfo().data;
  const send = usePayPassCode();
  const [code, setCode] = useState('');
  return (
    <div className="pp-sms">
      <p className="pp-lead">{info?.mobile ? t('iot.payPass.smsLead', { mobile: info.mobile }) : t('iot.payPass.noPhone')}</p>
      <CodeField
        label={t('iot.code.label')}
        value={code}
        onChange={setCode}
        onSend={() => send.mutateAsync()}
        disabled={!info?.mobile}
        className="pp-code-field"
      />
      <button type="button" className="sim-primary-btn" disabled={!/^\d{6}$/.test(code)} onClick={() => onNext(code)}>
        {t('iot.payPass.next')}
      </button>
    </div>
  );
}

/** Sets or changes the 6-digit pay password with the on-screen keyboard (spec §2 payPassword/index). */
export default function PayPasswordPage() {
  const { t } = useTranslation();
  const loggedIn = useRequireSim();
  const [search] = useSearchParams();
  const queryClient = useQueryClient();
  const status = usePayPassStatus();
  const update = useSimUpdatePayPass();
  const [mode, setMode] = useState<Mode>(search.get('mode') === 'sms' ? 'sms' : 'old');
  const [step, setStep] = useState<Step | null>(null);
  const [value, setValue] = useState('');
  const [oldPw, setOldPw] = useState('');
  const [code, setCode] = useState('');
  const [first, setFirst] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [changedOld, setChangedOld] = useState(false);

  const s = status.data;
  const exists = s?.existPayPassword ?? false;
  const current: Step = step ?? (exists ? 'verify' : 'new');
  const locked = Boolean(s?.locked && s.lockedUntil);

  if (!loggedIn) return null;
  if (status.isError) return <SimLoadFailed onRetry={() => void status.refetch()} />;
  if (!s) return <CardsSkeleton count={1} />;

  const go = (next: Step) => {
    setValue('');
    setError('');
    setStep(next);
  };

  const refreshStatus = () => queryClient.invalidateQueries({ queryKey: payPassStatusQuery(useSession.getState().simNo).queryKey });

  const onComplete = async (pw: string) => {
    if (current === 'verify') {
      setBusy(true);
      try {
        await postCheckPayPass(pw);
        setOldPw(pw);
        go('new');
      } catch (e) {
        await refreshStatus();
        const next = await queryClient.fetchQuery(payPassStatusQuery(useSession.getState().simNo));
        setValue('');
        setError(
          next.locked && next.lockedUntil
            ? t('iot.payPass.locked', { time: unlockTime(next.lockedUntil) })
            : e instanceof ApiError && isPasswordField(e)
              ? t('iot.payPass.wrong', { count: next.attemptsLeft })
              : e instanceof Error
                ? e.message
                : '',
        );
      } finally {
        setBusy(false);
      }
      return;
    }
    if (current === 'new') {
      if (weakPassword(pw)) {
        setValue('');
        setError(t('iot.payPass.weak'));
        return;
      }
      setFirst(pw);
      go('confirm');
      return;
    }
    if (current === 'confirm') {
      if (pw !== first) {
        setFirst('');
        go('new');
        setError(t('iot.payPass.mismatch'));
        return;
      }
      const body = exists ? (mode === 'sms' ? { payPassword: pw, code } : { payPassword: pw, oldPayPassword: oldPw }) : { payPassword: pw };
      update.mutate(body, {
        onSuccess: () => {
          setChangedOld(exists);
          go('done');
        },
        onError: () => {
          // A wrong SMS code or current password: start again from the check.
          setFirst('');
          go(exists ? 'verify' : 'new');
        },
      });
    }
  };

  if (current === 'done') {
    return (
      <div className="sim-page money-page">
        <section className="card pp-done" data-testid="pay-password-done">
          <CheckCircleFill className="order-result-icon good" />
          <h2>{changedOld ? t('iot.payPass.changed') : t('iot.payPass.set')}</h2>
          <p className="muted">{t('iot.payPass.doneHint')}</p>
          <button type="button" className="sim-primary-btn" onClick={() => void navigateBack()}>
            {t('iot.payPass.finish')}
          </button>
        </section>
      </div>
    );
  }

  const titleKey =
    current === 'verify'
      ? 'iot.payPass.enterOld'
      : current === 'new'
        ? exists
          ? 'iot.payPass.enterNew'
          : 'iot.payPass.enterFirst'
        : 'iot.payPass.enterAgain';
  const verifyBySms = current === 'verify' && mode === 'sms';
  const keyboardShown = !verifyBySms && !(current === 'verify' && locked);

  return (
    <div className="sim-page money-page pp-page" data-testid="pay-password-page">
      <section className="card pp-card">
        <div className="pp-state">
          <LockOutline />
          <span data-testid="pay-password-state">{exists ? t('iot.payPass.stateSet') : t('iot.payPass.stateNone')}</span>
        </div>
        <Steps step={current} verify={exists} />
        {current === 'verify' ? (
          <div className="pp-modes" role="tablist">
            {(['old', 'sms'] as const).map((m) => (
              <button
                key={m}
                type="button"
                role="tab"
                aria-selected={mode === m}
                className={mode === m ? 'on' : ''}
                onClick={() => {
                  setMode(m);
                  setError('');
                  setValue('');
                }}
              >
                {t(`iot.payPass.mode.${m}`)}
              </button>
            ))}
          </div>
        ) : null}
        {verifyBySms ? (
          <SmsVerify
            onNext={(c) => {
              setCode(c);
              go('new');
            }}
          />
        ) : (
          <>
            <h2 className="pp-title">{t(titleKey)}</h2>
            {current === 'verify' && locked && s.lockedUntil ? (
              <div className="pay-locked inline" role="alert" data-testid="pay-locked">
                <p>{t('iot.payPass.locked', { time: unlockTime(s.lockedUntil) })}</p>
                <button type="button" className="sim-pill-btn" onClick={() => setMode('sms')}>
                  {t('iot.payPass.mode.sms')}
                </button>
              </div>
            ) : (
              <>
                <PayCells value={value} error={error !== ''} label={t(titleKey)} />
                <div className={`pay-sheet-msg ${error ? 'error' : ''}`} role={error ? 'alert' : undefined} data-testid="pay-password-msg">
                  {error || t(current === 'new' ? 'iot.payPass.ruleHint' : 'iot.payPass.enterHint')}
                </div>
              </>
            )}
          </>
        )}
      </section>
      {keyboardShown ? (
        <div className="pp-keyboard">
          <PayKeyboard
            value={value}
            onChange={(v) => {
              setValue(v);
              if (v.length > 0 && v.length < PAY_PASSWORD_LENGTH) setError('');
            }}
            onComplete={(pw) => void onComplete(pw)}
            disabled={busy || update.isPending}
          />
        </div>
      ) : null}
    </div>
  );
}
