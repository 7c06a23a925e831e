import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { invalidateCardMoney } from '../../../features/sim/api/invalidate-money.ts';
import { useVipList, useVipOrder } from '../../../features/sim/api/vip-list.ts';
import { CardsSkeleton, MoneyEmpty } from '../../../features/sim/components/money-parts.tsx';
import { SimLoadFailed } from '../../../features/sim/components/page-state.tsx';
import { VipBadge, VipPrivileges } from '../../../features/sim/components/vip-parts.tsx';
import { yuan } from '../../../features/sim/format.ts';
import { useRequireSim } from '../../../features/sim/use-require-sim.ts';
import { formatDate } from '../../../lib/datetime.ts';
import { knowsPage, navigateTo } from '../../../lib/nav.ts';

const VIP = '/pages-sub/iot/index/vip/index';

/** The VIP order the cashier came back with (?orderSn=): asked about until its payment has arrived. */
function Returned({ orderSn }: { orderSn: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const q = useVipOrder(orderSn);
  const status = q.data?.order.status;
  useEffect(() => {
    if (status !== undefined && status !== 0) void invalidateCardMoney(queryClient);
  }, [status, queryClient]);
  if (status === undefined) return null;
  const text = status === 1 ? t('engage.vip.paid') : status === 0 ? t('engage.vip.awaitingPayment') : t('engage.vip.closed');
  return (
    <section className="card order-result" data-testid="vip-returned" data-status={status}>
      <h2 className="order-result-title">{text}</h2>
    </section>
  );
}

/** My VIP (spec §2 user/vip): the VIP in effect with its privileges, and every VIP order of the card. */
export default function MyVipPage() {
  const { t } = useTranslation();
  const loggedIn = useRequireSim();
  const q = useVipList();
  const [params] = useSearchParams();
  const orderSn = params.get('orderSn') ?? '';
  if (!loggedIn) return null;
  if (q.isError) return <SimLoadFailed onRetry={() => void q.refetch()} />;
  if (!q.data) return <CardsSkeleton count={2} />;
  const { current } = q.data;
  // An order left unpaid is not worth listing.
  const orders = q.data.orders.filter((o) => o.status !== 3 || o.orderSn === orderSn);
  const go = knowsPage(VIP) ? (
    <button type="button" className="sim-pill-btn" onClick={() => void navigateTo(VIP)}>
      {current ? t('engage.vip.extend') : t('engage.vip.open')}
    </button>
  ) : undefined;
  return (
    <div className="sim-page money-page" data-testid="my-vip-page">
      {orderSn ? <Returned orderSn={orderSn} /> : null}
      {current ? (
        <section className="card">
          <VipBadge order={current} />
          <VipPrivileges privileges={current.privileges} />
          {go}
        </section>
      ) : (
        <MoneyEmpty text={t('engage.vip.notMember')} action={go} />
      )}
      {orders.length > 0 ? (
        <ul className="log-list" aria-label={t('engage.vip.orders')}>
          {orders.map((o) => (
            <li key={o.orderSn} className="log-item" data-testid="vip-order" data-status={o.status}>
              <div className="log-item-top">
                <span className="log-item-title">{o.vipName}</span>
                <span className="log-item-amount out">-¥{yuan(o.actualPayMoney)}</span>
              </div>
              <div className="log-item-mid">
                <span className="muted">{t('engage.vip.window', { from: formatDate(o.startAt), to: formatDate(o.endAt) })}</span>
                <span className="exchange-state">
                  {o.status === 0
                    ? t('engage.vip.awaitingPayment')
                    : o.status === 3
                      ? t('engage.vip.closed')
                      : o.status === 2
                        ? t('engage.vip.refunded')
                        : o.validTag === 1
                          ? t('engage.vip.running')
                          : o.startAt > Date.now()
                            ? t('engage.vip.waiting')
                            : t('engage.vip.ended')}
                </span>
              </div>
              <div className="log-item-foot">
                <span>{o.status === 2 ? o.refundRemark : ''}</span>
                <span className="pay-mono">{o.orderSn}</span>
              </div>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
