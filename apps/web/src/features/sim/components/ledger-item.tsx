import type { LedgerAccount, LedgerEntry } from '@simshop/contract/iot-money';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/datetime.ts';
import { grouped } from '../../../lib/money.ts';
import { moneyText } from '../money-format.ts';

/** Reasons of ledger entries that have a text of their own. */
const REASONS = [
  'opening',
  'topup',
  'topup_bonus',
  'arrears_settlement',
  'package_purchase',
  'package_renewal',
  'refund',
  'purchase_reward',
  'volume_charge',
  'volume_refund',
  'adjustment',
  'mall_purchase',
  'mall_refund',
  'sign_in',
  'task_reward',
  'coupon_exchange',
  'vip_purchase',
  'vip_refund',
];

/** A change of an account: money for balance and arrears, a count for coins and points. */
function amount(account: LedgerAccount, n: number, signed: boolean): string {
  if (account === 'balance' || account === 'arrears') return moneyText(n, signed);
  const sign = signed && n > 0 ? '+' : '';
  return `${sign}${grouped(n)}`;
}

/** One ledger entry: why, how much, when, and the total after it. */
export function LedgerItem({ e }: { e: LedgerEntry }) {
  const { t } = useTranslation();
  return (
    <li className="log-item ledger" data-testid="ledger-item" data-order-no={e.orderNo} data-reason={e.reason}>
      <div className="log-item-top">
        <span className="log-item-title">{REASONS.includes(e.reason) ? t(`iot.ledger.reason.${e.reason}`) : e.reason}</span>
        <span className={`log-item-amount ${e.delta > 0 ? 'in' : 'out'}`} data-testid="ledger-delta">
          {amount(e.account, e.delta, true)}
        </span>
      </div>
      <div className="log-item-mid">
        <span className="muted">{formatDateTime(e.createdAt)}</span>
        <span className="muted" data-testid="ledger-after">
          {t('iot.ledger.after', { amount: amount(e.account, e.balanceAfter, false) })}
        </span>
      </div>
      {e.remark || e.orderNo ? (
        <div className="log-item-foot">
          <span>{e.remark}</span>
          <span className="pay-mono">{e.orderNo}</span>
        </div>
      ) : null}
    </li>
  );
}
