import { useTranslation } from 'react-i18next';
import { useSimPackageList } from '../../../../features/sim/api/sim-package-list.ts';
import { LogList } from '../../../../features/sim/components/log-list.tsx';
import { knowsPage, navigateTo } from '../../../../lib/nav.ts';

const BUY = '/pages/iot/index/package/index';

import { OrderItem } from './OrderItem.tsx';

/** Package orders, newest first (spec §2 orderLogs PackageList). */
export function PackageList() {
  const { t } = useTranslation();
  const q = useSimPackageList();
  const items = q.data?.pages.flatMap((p) => p.list) ?? [];
  return (
    <LogList
      q={q}
      empty={t('iot.orderLogs.emptyPackages')}
      label={t('iot.orderLogs.tab.package')}
      action={
        knowsPage(BUY) ? (
          <button type="button" className="sim-pill-btn" onClick={() => void navigateTo(BUY)}>
            {t('iot.orderLogs.buyFirst')}
          </button>
        ) : undefined
      }
    >
      {items.map((o) => (
        <OrderItem key={o.orderNo} order={o} />
      ))}
    </LogList>
  );
}
