import type { LedgerAccount, LedgerEntry } from '@simshop/contract/iot-money';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSimBalanceLogList } from '../../../../features/sim/api/sim-balance-log-list.ts';
import { moneyText } from '../../../../features/sim/money-format.ts';
import { formatDateTime } from '../../../../lib/datetime.ts';
import { LogList } from './LogList.tsx';

const ACCOUNTS: LedgerAccount[] = ['balance', 'coupon_coin', 'integral'];
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
];

/** A change of an account: money for balance and arrears, a count for coins and points. */
function amount(account: LedgerAccount, n: number, signed: boolean): string {
  if (account === 'balance' || account === 'arrears') return moneyText(n, signed);
  const sign = signed && n > 0 ? '+' : '';
  return `${sign}${n.toLocaleString('en-US')}`;
}

function LedgerItem({ e }: { e: LedgerEntry }) {
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

/** Ledger entries of the card's accounts, newest first (spec §2 orderLogs BalanceLogList). */
export function BalanceLogList() {
  const { t } = useTranslation();
  const [account, setAccount] = useState<LedgerAccount>('balance');
  const q = useSimBalanceLogList(account);
  const items = q.data?.pages.flatMap((p) => p.list) ?? [];
  return (
    <>
      <div className="log-accounts" role="tablist" aria-label={t('iot.ledger.account')}>
        {ACCOUNTS.map((a) => (
          <button
            key={a}
            type="button"
            role="tab"
            aria-selected={account === a}
            className={account === a ? 'on' : ''}
            onClick={() => setAccount(a)}
          >
            {t(`iot.ledger.accounts.${a}`)}
          </button>
        ))}
      </div>
      <LogList q={q} empty={t('iot.orderLogs.emptyLog')} label={t(`iot.ledger.accounts.${account}`)}>
        {items.map((e) => (
          <LedgerItem key={e.id} e={e} />
        ))}
      </LogList>
    </>
  );
}
