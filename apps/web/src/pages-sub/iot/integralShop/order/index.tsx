import type { ShopOrderStatus } from '@simshop/contract/mall';
import { DotLoading, Tabs } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useShopOrderList } from '../../../../features/mall/api/shop-order-list.ts';
import '../../../../features/mall/components/mall.css';
import { OrderCard } from '../../../../features/mall/components/order-card.tsx';
import { MALL } from '../../../../features/mall/paths.ts';
import { CardsSkeleton, MoneyEmpty } from '../../../../features/sim/components/money-parts.tsx';
import { SimLoadFailed } from '../../../../features/sim/components/page-state.tsx';
import { useRequireSim } from '../../../../features/sim/use-require-sim.ts';
import { navigateTo } from '../../../../lib/nav.ts';

const TABS: (ShopOrderStatus | 'all')[] = ['all', 'pending', 'paid', 'shipped', 'completed'];

/** The card's mall orders by state, newest first. */
export default function MallOrdersPage() {
  const { t } = useTranslation();
  const loggedIn = useRequireSim();
  const [tab, setTab] = useState<ShopOrderStatus | 'all'>('all');
  const orders = useShopOrderList(tab === 'all' ? undefined : tab);
  if (!loggedIn) return null;
  const list = orders.data?.pages.flatMap((p) => p.list) ?? [];
  return (
    <div className="sim-page money-page mall-page" data-testid="mall-orders">
      <Tabs activeKey={tab} onChange={(k) => setTab(k as ShopOrderStatus | 'all')} className="mall-order-tabs">
        {TABS.map((s) => (
          <Tabs.Tab key={s} title={s === 'all' ? t('mall.all') : t(`mall.tab.${s}`)} />
        ))}
      </Tabs>
      {orders.isError ? (
        <SimLoadFailed onRetry={() => void orders.refetch()} />
      ) : orders.isPending ? (
        <CardsSkeleton />
      ) : list.length === 0 ? (
        <MoneyEmpty
          text={t('mall.noOrders')}
          action={
            <button type="button" className="sim-pill-btn" onClick={() => void navigateTo(MALL.index)}>
              {t('mall.toMall')}
            </button>
          }
        />
      ) : (
        <>
          {list.map((o) => (
            <OrderCard key={o.orderNo} order={o} onOpen={() => void navigateTo(`${MALL.orderDetails}?orderNo=${o.orderNo}`)} />
          ))}
          {orders.hasNextPage ? (
            <button
              type="button"
              className="sim-ghost-btn mall-more"
              disabled={orders.isFetchingNextPage}
              onClick={() => void orders.fetchNextPage()}
            >
              {orders.isFetchingNextPage ? <DotLoading /> : t('mall.more')}
            </button>
          ) : null}
        </>
      )}
    </div>
  );
}
