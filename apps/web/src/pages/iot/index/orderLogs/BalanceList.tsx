import { useTranslation } from 'react-i18next';
import { useSimBalanceList } from '../../../../features/sim/api/sim-balance-list.ts';
import { LogList } from '../../../../features/sim/components/log-list.tsx';
import { OrderItem } from './OrderItem.tsx';

/** Top-up orders (balance and coupon coins), newest first (spec §2 orderLogs BalanceList). */
export function BalanceList() {
  const { t } = useTranslation();
  const q = useSimBalanceList();
  const items = q.data?.pages.flatMap((p) => p.list) ?? [];
  return (
    <LogList q={q} empty={t('iot.orderLogs.emptyTopups')} label={t('iot.orderLogs.tab.balance')}>
      {items.map((o) => (
        <OrderItem key={o.orderNo} order={o} />
      ))}
    </LogList>
  );
}
