import type { AccelerateOrder } from '@simshop/contract/iot';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { accelerateSettling, useAccelerateOrder, useAccelerateOrderList } from '../../../../../features/sim/api/accelerate.ts';
import { invalidateCardMoney } from '../../../../../features/sim/api/invalidate-money.ts';
import { ACCELERATE, accelerateState, speedLine } from '../../../../../features/sim/components/accelerate-parts.tsx';
import { CardsSkeleton, MoneyEmpty } from '../../../../../features/sim/components/money-parts.tsx';
import { SimLoadFailed } from '../../../../../features/sim/components/page-state.tsx';
import { yuan } from '../../../../../features/sim/format.ts';
import { payMethodLabel } from '../../../../../features/sim/money-format.ts';
import { useRequireSim } from '../../../../../features/sim/use-require-sim.ts';
import { formatDateTime } from '../../../../../lib/datetime.ts';
import { knowsPage, navigateTo } from '../../../../../lib/nav.ts';

function OrderItem({ o }: { o: AccelerateOrder }) {
  const { t } = useTranslation();
  const state = accelerateState(o, Date.now());
  return (
    <li className="log-item" data-testid="accelerate-order" data-state={state} data-order-sn={o.orderSn}>
      <div className="log-item-top">
        <span className="log-item-title">{o.accelerateName}</span>
        <span className="log-item-amount out">-¥{yuan(o.actualPayMoney)}</span>
      </div>
      <div className="log-item-mid">
        <span className="muted">{speedLine(t, o)}</span>
        <span className={`exchange-state accelerate-order-state ${state}`}>{t(`engage.accelerate.status.${state}`)}</span>
      </div>
      {o.status === 1 || o.status === 2 ? (
        <div className="log-item-mid">
          <span className="muted">{t('engage.vip.window', { from: formatDateTime(o.startAt), to: formatDateTime(o.endAt) })}</span>
        </div>
      ) : null}
      <div className="log-item-foot">
        <span>
          {o.payMethod === 'balance' ? t('iot.pay.method.balance') : payMethodLabel(t, { method: o.payMethod, name: o.payMethod })}
          {o.status === 2 && o.refundRemark ? ` · ${o.refundRemark}` : ''}
        </span>
        <span className="pay-mono">{o.orderSn}</span>
      </div>
    </li>
  );
}

/** The order the cashier came back with (?orderSn=): asked about until it is active (or refunded, closed). */
function Returned({ orderSn }: { orderSn: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const q = useAccelerateOrder(orderSn);
  const order = q.data?.order;
  const settled = order !== undefined && !accelerateSettling(order);
  useEffect(() => {
    if (settled) void invalidateCardMoney(queryClient);
  }, [settled, queryClient]);
  if (!order) return q.isError ? null : <CardsSkeleton count={1} />;
  const state = accelerateState(order, Date.now());
  return (
    <section className="card order-result" data-testid="accelerate-returned" data-state={state}>
      <h2 className="order-result-title">{state === 'active' ? t('engage.accelerate.done') : t(`engage.accelerate.status.${state}`)}</h2>
      <p className="muted">{order.accelerateName}</p>
      {state === 'activating' || state === 'pending' ? <p className="muted">{t('engage.accelerate.activating')}</p> : null}
    </section>
  );
}

/** Speed-up orders (spec §2 accelerate/order): newest first, with their window and state. */
export default function AccelerateOrdersPage() {
  const { t } = useTranslation();
  const loggedIn = useRequireSim();
  const [params] = useSearchParams();
  const orderSn = params.get('orderSn') ?? '';
  const q = useAccelerateOrderList();
  if (!loggedIn) return null;
  if (q.isError) return <SimLoadFailed onRetry={() => void q.refetch()} />;
  if (!q.data) return <CardsSkeleton count={3} />;
  const orders = q.data.pages.flatMap((p) => p.list);
  const go = knowsPage(ACCELERATE.index) ? (
    <button type="button" className="sim-pill-btn" onClick={() => void navigateTo(ACCELERATE.index)}>
      {t('engage.accelerate.buy')}
    </button>
  ) : undefined;
  return (
    <div className="sim-page money-page" data-testid="accelerate-orders-page">
      {orderSn ? <Returned orderSn={orderSn} /> : null}
      {orders.length === 0 ? (
        <MoneyEmpty text={t('engage.accelerate.empty')} action={go} />
      ) : (
        <ul className="log-list" aria-label={t('engage.accelerate.orders')}>
          {orders.map((o) => (
            <OrderItem key={o.orderSn} o={o} />
          ))}
        </ul>
      )}
      {q.hasNextPage ? (
        <button type="button" className="sim-link strong" disabled={q.isFetchingNextPage} onClick={() => void q.fetchNextPage()}>
          {t('engage.accelerate.more')}
        </button>
      ) : null}
    </div>
  );
}
