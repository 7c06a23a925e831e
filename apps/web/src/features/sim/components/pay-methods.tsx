import { useTranslation } from 'react-i18next';
import { knowsPage, navigateTo } from '../../../lib/nav.ts';
import { yuan } from '../format.ts';
import { payMethodLabel } from '../money-format.ts';
import { ChoiceCard } from './money-parts.tsx';

const BALANCE = '/pages/iot/index/balance/index';

/** The balance (with what it holds) and the promoter's online methods, as radio cards. */
export function PayMethodChoice({
  balance,
  payable,
  methods,
  value,
  onChange,
}: {
  balance: number;
  payable: number;
  methods: { method: string; name: string }[];
  value: string;
  onChange: (method: string) => void;
}) {
  const { t } = useTranslation();
  const short = balance < payable;
  return (
    <section className="card" aria-label={t('iot.pay.title')}>
      <h2 className="section-title sim-mb">{t('iot.pay.title')}</h2>
      <div className="choice-list">
        <ChoiceCard
          name="pay-method"
          compact
          checked={value === 'balance'}
          disabled={short}
          onSelect={() => onChange('balance')}
          testId="pay-method-balance"
          trailing={
            short && knowsPage(BALANCE) ? (
              <button type="button" className="sim-link strong" onClick={() => void navigateTo(BALANCE)}>
                {t('iot.tips.topUp')}
              </button>
            ) : undefined
          }
        >
          <span className="pay-method-icon balance">¥</span>
          <span className="choice-main">
            <b>{t('iot.pay.method.balance')}</b>
            <span className={short ? 'warn-text' : 'muted'} data-testid="pay-balance">
              {short ? t('iot.pay.balanceShort', { amount: yuan(balance) }) : t('iot.pay.balanceLeft', { amount: yuan(balance) })}
            </span>
          </span>
        </ChoiceCard>
        {methods.map((m) => (
          <ChoiceCard
            key={m.method}
            name="pay-method"
            compact
            checked={value === m.method}
            onSelect={() => onChange(m.method)}
            testId={`pay-method-${m.method}`}
          >
            <span className={`pay-method-icon ${m.method}`}>{m.method === 'alipay' ? '支' : m.method === 'wechat' ? '微' : '¥'}</span>
            <span className="choice-main">
              <b>{payMethodLabel(t, m)}</b>
              <span className="muted">{t('iot.pay.onlineHint')}</span>
            </span>
          </ChoiceCard>
        ))}
      </div>
    </section>
  );
}

/** The method chosen first: the balance when it covers the amount, else the first online method. */
export function firstMethod(balance: number, payable: number, methods: { method: string }[]): string {
  return balance >= payable || methods.length === 0 ? 'balance' : methods[0]!.method;
}
