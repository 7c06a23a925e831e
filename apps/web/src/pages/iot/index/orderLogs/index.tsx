import { Tabs } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useReturnedOrder } from '../../../../features/sim/api/iot-order.ts';
import { OrderResult } from '../../../../features/sim/components/order-result.tsx';
import { useRequireSim } from '../../../../features/sim/use-require-sim.ts';
import { reLaunch } from '../../../../lib/nav.ts';
import { BalanceList } from './BalanceList.tsx';
import { BalanceLogList } from './BalanceLogList.tsx';
import { PackageList } from './PackageList.tsx';

type Tab = 'package' | 'balance' | 'log';
const TABS: Tab[] = ['package', 'balance', 'log'];
const IOT_HOME = '/pages/iot/index/index';

/** A package paid at the cashier comes back here (?orderNo=&result=): its outcome above the lists. */
function Returned({ orderNo, returned, onClose }: { orderNo: string; returned: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { order, polling } = useReturnedOrder(orderNo, returned !== 'cancel');
  if (!order.data) return null;
  return (
    <OrderResult
      order={order.data.order}
      waiting={polling}
      actions={
        <>
          <button type="button" className="sim-primary-btn" onClick={() => void reLaunch(IOT_HOME)}>
            {t('iot.orderResult.viewData')}
          </button>
          <button type="button" className="sim-ghost-btn" onClick={onClose}>
            {t('iot.orderResult.close')}
          </button>
        </>
      }
    />
  );
}

/** Orders and ledgers of the card (spec §2 orderLogs): packages, top-ups and the balance log, newest first. */
export default function OrderLogsPage() {
  const { t } = useTranslation();
  const loggedIn = useRequireSim();
  const [search, setSearch] = useSearchParams();
  const param = search.get('tab') as Tab | null;
  const [tab, setTab] = useState<Tab>(param && TABS.includes(param) ? param : 'package');
  const orderNo = search.get('orderNo') ?? '';
  if (!loggedIn) return null;
  return (
    <div className="sim-page money-page" data-testid="order-logs">
      {orderNo ? (
        <Returned orderNo={orderNo} returned={search.get('result')} onClose={() => setSearch({ tab }, { replace: true })} />
      ) : null}
      <div className="log-tabs">
        <Tabs activeKey={tab} onChange={(k) => setTab(k as Tab)} className="money-tabs">
          {TABS.map((k) => (
            <Tabs.Tab key={k} title={t(`iot.orderLogs.tab.${k}`)} />
          ))}
        </Tabs>
      </div>
      {tab === 'package' ? <PackageList /> : tab === 'balance' ? <BalanceList /> : <BalanceLogList />}
    </div>
  );
}
