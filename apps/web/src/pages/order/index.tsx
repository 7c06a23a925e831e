import type { OrderStatus, OrderSummary } from '@simshop/contract/orders';
import { Button, ErrorBlock, InfiniteScroll, PullToRefresh, Skeleton, Tabs } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useOrderList } from '../../features/orders/api/order-list.ts';
import { OrderCard } from '../../features/orders/components/order-card.tsx';
import { useOrderActions } from '../../features/orders/order-actions.ts';
import { useBaseConfig } from '../../features/site/api/base-config.ts';
import { ShopFooter } from '../../features/site/components/shop-footer.tsx';
import { knowsPage, LOGIN, navigateTo } from '../../lib/nav.ts';
import { useSession } from '../../lib/session.ts';
import '../../components/shop.css';
import './index.css';

const TABS: (OrderStatus | '')[] = ['', 'awaiting_payment', 'paid', 'shipped', 'completed'];

function OrderSkeleton() {
  return (
    <div aria-busy="true">
      {[0, 1, 2].map((i) => (
        <div key={i} className="order-card">
          <Skeleton animated style={{ '--width': '50%', '--height': '14px' }} />
          <Skeleton animated style={{ '--width': '70%', '--height': '20px', marginTop: 14 }} />
          <Skeleton animated style={{ '--width': '40%', '--height': '12px', marginTop: 10 }} />
        </div>
      ))}
    </div>
  );
}

/** The Orders tab: orders of the logged-in mobile, or before login of this browser's order session. */
export default function OrdersPage() {
  const { t } = useTranslation();
  const config = useBaseConfig();
  const mobile = useSession((s) => s.userInfo.mobile);
  const orderSessionId = useSession((s) => s.orderSessionId);
  const [params] = useSearchParams();
  // ?status=… (the My tab's shortcuts) opens on that state.
  const [status, setStatus] = useState<OrderStatus | ''>(() => TABS.find((s) => s && s === params.get('status')) ?? '');
  const owner = mobile ? `mobile:${mobile}` : `session:${orderSessionId}`;
  const list = useOrderList(owner, status);
  const orders = list.data?.pages.flatMap((p) => p.list) ?? [];

  const actionsOf = useOrderActions();
  const open = (o: OrderSummary) => void navigateTo(`/pages/order/detail/index?orderNo=${o.orderNo}`);

  return (
    <div className="orders">
      {!mobile && knowsPage(LOGIN) ? (
        <div className="card orders-login">
          <span className="muted">{t('orders.loginHint')}</span>
          <Button
            size="small"
            shape="rounded"
            color="primary"
            onClick={() => void navigateTo(`${LOGIN}?redirect=${encodeURIComponent('/pages/order/index')}`)}
          >
            {t('orders.login')}
          </Button>
        </div>
      ) : null}
      <Tabs activeKey={status || 'all'} onChange={(key) => setStatus(key === 'all' ? '' : (key as OrderStatus))} className="orders-tabs">
        {TABS.map((s) => (
          <Tabs.Tab key={s || 'all'} title={s ? t(`shop.orders.tab.${s}`) : t('shop.orders.tab.all')} />
        ))}
      </Tabs>
      <PullToRefresh
        onRefresh={async () => {
          await list.refetch();
        }}
        pullingText={t('shop.refresh.pulling')}
        canReleaseText={t('shop.refresh.release')}
        refreshingText={t('shop.refresh.refreshing')}
        completeText={t('shop.refresh.done')}
      >
        <div className="orders-body">
          {list.isPending ? (
            <OrderSkeleton />
          ) : orders.length === 0 ? (
            <div className="card">
              <ErrorBlock status="empty" title={t('orders.none')} description={t('shop.orders.noneHint')}>
                <Button color="primary" shape="rounded" fill="outline" onClick={() => void navigateTo('/pages/index/VanityNumber/index')}>
                  {t('shop.orders.goPick')}
                </Button>
              </ErrorBlock>
            </div>
          ) : (
            <>
              {orders.map((o) => (
                <OrderCard key={o.orderNo} order={o} actions={actionsOf(o)} onOpen={() => open(o)} />
              ))}
              <InfiniteScroll
                threshold={50}
                hasMore={!!list.hasNextPage}
                loadMore={async () => {
                  const result = await list.fetchNextPage();
                  if (result.isError) throw result.error;
                }}
              >
                {(hasMore) => <span className="muted">{hasMore ? t('common.loading') : t('shop.orders.end')}</span>}
              </InfiniteScroll>
            </>
          )}
        </div>
      </PullToRefresh>
      {config ? <ShopFooter front={config.front} /> : null}
    </div>
  );
}
