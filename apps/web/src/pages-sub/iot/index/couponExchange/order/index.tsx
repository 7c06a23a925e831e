import type { ExchangeView } from '@simshop/contract/iot-engage';
import { Tabs } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCouponCoinLogList } from '../../../../../features/sim/api/coupon-coin-log-list.ts';
import { useCouponExchangeOrderList } from '../../../../../features/sim/api/coupon-exchange-order-list.ts';
import '../../../../../features/sim/components/engage.css';
import { LedgerItem } from '../../../../../features/sim/components/ledger-item.tsx';
import { LogList } from '../../../../../features/sim/components/log-list.tsx';
import { yuan } from '../../../../../features/sim/format.ts';
import { useRequireSim } from '../../../../../features/sim/use-require-sim.ts';
import { formatDate, formatDateTime } from '../../../../../lib/datetime.ts';

function ExchangeRow({ e }: { e: ExchangeView }) {
  const { t } = useTranslation();
  const c = e.coupon;
  return (
    <li className="log-item" data-testid="exchange-record" data-order-no={e.orderNo} data-state={c?.state ?? 'credited'}>
      <div className="log-item-top">
        <span className="log-item-title">
          {e.kind === 'coupon'
            ? t('engage.exchange.couponOff', { amount: yuan(e.value) })
            : t('engage.exchange.balanceTitle', { amount: yuan(e.value) })}
        </span>
        <span className="log-item-amount out">{t('engage.exchange.spent', { count: e.coinCost })}</span>
      </div>
      <div className="log-item-mid">
        <span className="muted">{formatDateTime(e.createdAt)}</span>
        <span className={`exchange-state ${c?.state ?? 'credited'}`}>{t(`engage.exchange.state.${c?.state ?? 'credited'}`)}</span>
      </div>
      <div className="log-item-foot">
        <span>
          {c
            ? c.state === 'used'
              ? c.orderNo
              : t('engage.exchange.until', { date: formatDate(c.expiresAt) })
            : t('engage.exchange.creditedBalance')}
        </span>
        <span className="pay-mono">{e.orderNo}</span>
      </div>
    </li>
  );
}

function Exchanges() {
  const { t } = useTranslation();
  const q = useCouponExchangeOrderList();
  const items = q.data?.pages.flatMap((p) => p.list) ?? [];
  return (
    <LogList q={q} empty={t('engage.exchange.noRecords')} label={t('engage.exchange.records')}>
      {items.map((e) => (
        <ExchangeRow key={e.orderNo} e={e} />
      ))}
    </LogList>
  );
}

function CoinLog() {
  const { t } = useTranslation();
  const q = useCouponCoinLogList();
  const items = q.data?.pages.flatMap((p) => p.list) ?? [];
  return (
    <LogList q={q} empty={t('iot.orderLogs.emptyLog')} label={t('engage.exchange.coinLog')}>
      {items.map((e) => (
        <LedgerItem key={e.id} e={e} />
      ))}
    </LogList>
  );
}

/** The card's exchanges with the state of their coupons, and its coupon-coin log (spec §2 couponExchange/order). */
export default function CouponExchangeOrderPage() {
  const { t } = useTranslation();
  const loggedIn = useRequireSim();
  const [tab, setTab] = useState('exchanges');
  if (!loggedIn) return null;
  return (
    <div className="sim-page money-page" data-testid="coupon-exchange-order-page">
      <Tabs activeKey={tab} onChange={setTab}>
        <Tabs.Tab key="exchanges" title={t('engage.exchange.records')} />
        <Tabs.Tab key="coins" title={t('engage.exchange.coinLog')} />
      </Tabs>
      {tab === 'exchanges' ? <Exchanges /> : <CoinLog />}
    </div>
  );
}
