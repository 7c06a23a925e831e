import type { SimInfo } from '@simshop/contract/iot';
import { LockOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Input } from '../../../components/text-input.tsx';
import { Toast } from '../../../lib/feedback.ts';
import { useSimProofCode, useSimProve } from '../api/sim-prove.ts';
import { CodeField } from './code-field.tsx';

type Way = 'code' | 'password';

/**
 * "Verify it's your device": shown where a device's secret or control would be while the session
 * has not proved possession of the card (a login by number alone). A code to the bound phone or
 * the card password opens them (decision 0105).
 */
export function ProveDevice({ info, what }: { info: SimInfo; what?: string }) {
  const { t } = useTranslation();
  const hasPhone = info.mobile !== '';
  const hasPassword = info.cardPasswordMode;
  const [open, setOpen] = useState(false);
  const [way, setWay] = useState<Way>(hasPhone ? 'code' : 'password');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const send = useSimProofCode();
  const prove = useSimProve();
  const canSubmit = way === 'code' ? /^\d{6}$/.test(code) : password.length > 0;
  const submit = () =>
    prove.mutate(way === 'code' ? { code } : { cardPassword: password }, {
      onSuccess: () => Toast.show({ icon: 'success', content: t('iot.prove.done') }),
    });

  return (
    <section className="card prove-card" aria-label={t('iot.prove.title')} data-testid="prove-device">
      <div className="prove-head">
        <LockOutline aria-hidden="true" />
        <div>
          <h2 className="section-title">{t('iot.prove.title')}</h2>
          <p className="muted">{what ?? t('iot.prove.lead')}</p>
        </div>
      </div>
      {!hasPhone && !hasPassword ? (
        <p className="prove-none">{t('iot.prove.noWay')}</p>
      ) : !open ? (
        <button type="button" className="sim-primary-btn" onClick={() => setOpen(true)}>
          {t('iot.prove.button')}
        </button>
      ) : (
        <div className="prove-form">
          {hasPhone && hasPassword ? (
            <div className="prove-ways" role="tablist">
              {(['code', 'password'] as const).map((w) => (
                <button
                  key={w}
                  type="button"
                  role="tab"
                  aria-selected={way === w}
                  className={way === w ? 'on' : ''}
                  onClick={() => setWay(w)}
                >
                  {t(`iot.prove.way.${w}`)}
                </button>
              ))}
            </div>
          ) : null}
          {way === 'code' ? (
            <>
              <p className="prove-lead">{t('iot.prove.codeLead', { mobile: info.mobile })}</p>
              <CodeField label={t('iot.code.label')} value={code} onChange={setCode} onSend={() => send.mutateAsync()} />
            </>
          ) : (
            <>
              <p className="prove-lead">{t('iot.prove.passwordLead')}</p>
              <div className="sim-field">
                <Input
                  aria-label={t('iot.prove.cardPassword')}
                  placeholder={t('iot.prove.cardPassword')}
                  type="password"
                  maxLength={64}
                  value={password}
                  onChange={setPassword}
                />
              </div>
            </>
          )}
          <button type="button" className="sim-primary-btn" disabled={!canSubmit || prove.isPending} onClick={submit}>
            {t('iot.prove.submit')}
          </button>
        </div>
      )}
    </section>
  );
}
