import type { LedgerAccount } from '@simshop/contract/iot-money';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSimBalanceLogList } from '../../../../features/sim/api/sim-balance-log-list.ts';
import { LedgerItem } from '../../../../features/sim/components/ledger-item.tsx';
import { LogList } from '../../../../features/sim/components/log-list.tsx';

const ACCOUNTS: LedgerAccount[] = ['balance', 'coupon_coin', 'integral'];

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
