import '../../../../features/sim/components/sim.css';
import '../../../../features/sim/components/account.css';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Input } from '../../../../components/text-input.tsx';
import { useBindMobileCode, useSimBindMobile } from '../../../../features/sim/api/sim-bind-mobile.ts';
import { useSimInfo } from '../../../../features/sim/api/sim-info.ts';
import { useSimLoginCode } from '../../../../features/sim/api/sim-login-code.ts';
import { CodeField } from '../../../../features/sim/components/code-field.tsx';
import { SimLoadFailed, SimLoading } from '../../../../features/sim/components/page-state.tsx';
import { useRequireSim } from '../../../../features/sim/use-require-sim.ts';
import { Toast } from '../../../../lib/feedback.ts';
import { navigateBack } from '../../../../lib/nav.ts';

type Proof = 'code' | 'password';

/**
 * Binds a phone to the card (spec §2 bindPhone): an SMS code to the new phone; replacing a bound
 * phone first proves the holder with the old phone's code or the pay password.
 */
export default function BindPhonePage() {
  const { t } = useTranslation();
  const loggedIn = useRequireSim();
  const info = useSimInfo();
  const sendNew = useBindMobileCode();
  const sendOld = useSimLoginCode();
  const bind = useSimBindMobile();
  const [mobile, setMobile] = useState('');
  const [code, setCode] = useState('');
  const [proof, setProof] = useState<Proof>('code');
  const [oldCode, setOldCode] = useState('');
  const [payPassword, setPayPassword] = useState('');
  if (!loggedIn) return null;
  if (info.isError) return <SimLoadFailed onRetry={() => void info.refetch()} />;
  const sim = info.data;
  if (!sim) return <SimLoading />;

  const rebinding = sim.mobile !== '';
  const mobileOk = /^1\d{10}$/.test(mobile);
  const proofOk = !rebinding || (proof === 'code' ? /^\d{6}$/.test(oldCode) : /^\d{6}$/.test(payPassword));
  const ready = mobileOk && /^\d{6}$/.test(code) && proofOk;

  return (
    <div className="sim-page acct-page">
      <div className="acct-hero">
        <b data-testid="bound-mobile">{rebinding ? t('iot.bindPhone.bound', { mobile: sim.mobile }) : t('iot.bindPhone.none')}</b>
        <span>{sim.bindPhoneMode === 2 ? t('iot.bindPhone.required') : t('iot.bindPhone.optional')}</span>
      </div>

      {rebinding ? (
        <section className="card acct-card">
          <h2>{t('iot.bindPhone.proveTitle')}</h2>
          <div className="acct-tabs" role="tablist">
            {(['code', 'password'] as const).map((p) => (
              <button
                key={p}
                type="button"
                role="tab"
                aria-selected={proof === p}
                className={proof === p ? 'on' : ''}
                onClick={() => setProof(p)}
              >
                {t(`iot.bindPhone.proof.${p}`)}
              </button>
            ))}
          </div>
          {proof === 'code' ? (
            <CodeField
              label={t('iot.bindPhone.oldCode')}
              value={oldCode}
              onChange={setOldCode}
              onSend={() => sendOld.mutateAsync(sim.simNo)}
              disabled={false}
              testId="old-dev-code"
            />
          ) : sim.existPayPassword ? (
            <div className="sim-field">
              <Input
                aria-label={t('iot.bindPhone.payPassword')}
                placeholder={t('iot.bindPhone.payPassword')}
                type="password"
                inputMode="numeric"
                maxLength={6}
                value={payPassword}
                onChange={(v) => setPayPassword(v.replace(/\D/g, ''))}
              />
            </div>
          ) : (
            <p className="muted">{t('iot.bindPhone.noPayPassword')}</p>
          )}
        </section>
      ) : null}

      <section className="card acct-card">
        <h2>{rebinding ? t('iot.bindPhone.newTitle') : t('iot.bindPhone.title')}</h2>
        <div className="sim-field">
          <Input
            aria-label={t('iot.bindPhone.mobile')}
            placeholder={t('iot.bindPhone.mobilePlaceholder')}
            inputMode="tel"
            maxLength={11}
            value={mobile}
            onChange={(v) => setMobile(v.replace(/\D/g, ''))}
          />
        </div>
        <CodeField
          label={t('iot.code.label')}
          value={code}
          onChange={setCode}
          onSend={() => sendNew.mutateAsync(mobile)}
          disabled={!mobileOk}
          testId="new-dev-code"
        />
      </section>

      <button
        type="button"
        className="sim-primary-btn"
        disabled={!ready || bind.isPending}
        onClick={() =>
          bind.mutate(
            {
              mobile,
              code,
              ...(rebinding && proof === 'code' ? { oldCode } : {}),
              ...(rebinding && proof === 'password' ? { payPassword } : {}),
            },
            {
              onSuccess: (r) => {
                Toast.show({ icon: 'success', content: t('iot.bindPhone.done', { mobile: r.mobile }) });
                void navigateBack().catch(() => undefined);
              },
            },
          )
        }
      >
        {t('iot.bindPhone.submit')}
      </button>
    </div>
  );
}
