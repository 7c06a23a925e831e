import type { OneCodeInfo } from '@simshop/contract/iot-codes';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Input } from '../../../components/text-input.tsx';
import { postOneCodeRecharge } from '../../../features/machine-code/api/one-code-recharge.ts';
import { ChoiceCard } from '../../../features/sim/components/money-parts.tsx';
import { goToCashier } from '../../../features/sim/components/pay-flow.ts';
import { yuan } from '../../../features/sim/format.ts';
import { parseYuan } from '../../../features/sim/money-format.ts';
import { Toast } from '../../../lib/feedback.ts';
import { submissionKeys } from '../../../lib/idempotency.ts';

type Choice = { offerId: number } | { custom: string };

/** The top-up amounts and the pay button: a balance top-up paid at the cashier, no login needed. */
export function BtnRecharge({ info, title }: { info: OneCodeInfo; title: string }) {
  const { t } = useTranslation();
  const [pick, setPick] = useState<Choice | null>(null);
  const [method, setMethod] = useState(info.payMethods[0]?.method ?? '');
  const [busy, setBusy] = useState(false);
  const keys = useRef(submissionKeys()).current;
  const current: Choice | null = pick ?? (info.offers[0] ? { offerId: info.offers[0].id } : null);
  const offer = current && 'offerId' in current ? info.offers.find((o) => o.id === current.offerId) : undefined;
  const customFen = current && 'custom' in current ? parseYuan(current.custom) : null;
  const pay = offer ? offer.payAmount : (customFen ?? 0);

  const submit = async () => {
    if (!offer && (customFen === null || customFen < info.minAmount || customFen > info.maxAmount)) {
      Toast.show({ content: t('iot.topup.range', { min: yuan(info.minAmount), max: yuan(info.maxAmount) }) });
      return;
    }
    const body = { code: info.code, method, ...(offer ? { offerId: offer.id } : { amount: customFen! }) };
    setBusy(true);
    try {
      const reply = await postOneCodeRecharge(body, keys(body));
      goToCashier(reply.payment);
    } catch {
      // The request layer showed the refusal.
      setBusy(false);
    }
  };

  if (info.payMethods.length === 0) return null;
  return (
    <section className="card" aria-label={title || t('oneCode.topup')}>
      <h2 className="section-title">{title || t('oneCode.topup')}</h2>
      <div className="offer-grid">
        {info.offers.map((o) => (
          <ChoiceCard
            key={o.id}
            name="mc-topup"
            className="offer"
            checked={offer?.id === o.id}
            onSelect={() => setPick({ offerId: o.id })}
            testId={`mc-offer-${o.payAmount}`}
            trailing={null}
          >
            <span className="offer-pay">
              <small>¥</small>
              {yuan(o.payAmount).replace(/\.00$/, '')}
            </span>
            <span className="offer-get">{t('iot.topup.getBalance', { amount: yuan(o.credit) })}</span>
            {o.bonusBalance > 0 ? (
              <span className="offer-bonus">{t('iot.topup.bonusBalance', { amount: yuan(o.bonusBalance) })}</span>
            ) : (
              <span className="offer-bonus plain">{t('iot.topup.noBonus')}</span>
            )}
          </ChoiceCard>
        ))}
        {info.allowCustom ? (
          <ChoiceCard
            name="mc-topup"
            className="offer custom"
            checked={current !== null && 'custom' in current}
            onSelect={() => setPick({ custom: current && 'custom' in current ? current.custom : '' })}
            testId="mc-offer-custom"
            trailing={null}
          >
            <span className="offer-pay other">{t('iot.topup.other')}</span>
            <span className="offer-get">{t('iot.topup.otherHint', { min: yuan(info.minAmount) })}</span>
          </ChoiceCard>
        ) : null}
      </div>
      {current && 'custom' in current ? (
        <div className="custom-amount">
          <span>¥</span>
          <Input
            autoFocus
            inputMode="decimal"
            aria-label={t('iot.topup.customLabel')}
            placeholder={t('iot.topup.range', { min: yuan(info.minAmount), max: yuan(info.maxAmount) })}
            value={current.custom}
            onChange={(v) => setPick({ custom: v })}
          />
        </div>
      ) : null}
      {info.payMethods.length > 1 ? (
        <fieldset className="mc-methods">
          <legend className="sr-only">{t('oneCode.payWith')}</legend>
          {info.payMethods.map((m) => (
            <button
              key={m.method}
              type="button"
              className="wifi-choice"
              aria-pressed={method === m.method}
              onClick={() => setMethod(m.method)}
            >
              {m.name}
            </button>
          ))}
        </fieldset>
      ) : null}
      <button type="button" className="sim-primary-btn" disabled={busy || pay <= 0} onClick={() => void submit()} data-testid="mc-pay">
        {pay > 0 ? t('oneCode.payAmount', { amount: yuan(pay) }) : t('oneCode.topup')}
      </button>
      <p className="wifi-note">{t('oneCode.topupNote')}</p>
    </section>
  );
}
