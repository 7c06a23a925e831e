import type { ShopOrderDetails } from '@simshop/contract/mall';
import { useQueryClient } from '@tanstack/react-query';
import { EnvironmentOutline, RightOutline, ShopbagOutline, TruckOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { postCancelShopOrder } from '../../../../../features/mall/api/cancel-shop-order.ts';
import { invalidateMall } from '../../../../../features/mall/api/keys.ts';
import { useShopOrderDetails } from '../../../../../features/mall/api/shop-order-details.ts';
import { Dialog, Toast } from '../../../../../lib/feedback.ts';
import '../../../../../features/mall/components/mall.css';
import { OrderGoodsRow } from '../../../../../features/mall/components/order-card.tsx';
import { TapCard } from '../../../../../features/mall/components/tap-card.tsx';
import { MALL } from '../../../../../features/mall/paths.ts';
import { CardsSkeleton } from '../../../../../features/sim/components/money-parts.tsx';
import { SimLoadFailed, SimMissingItem } from '../../../../../features/sim/components/page-state.tsx';
import { useRequireSim } from '../../../../../features/sim/use-require-sim.ts';
import { formatDateTime } from '../../../../../lib/datetime.ts';
import { grouped, money } from '../../../../../lib/money.ts';
import { navigateTo } from '../../../../../lib/nav.ts';
import { maskMobile } from '../../../../../lib/session.ts';

function Row({ label, children, testId }: { label: string; children: React.ReactNode; testId?: string }) {
  return (
    <div className="mall-row">
      <span className="muted">{label}</span>
      <span data-testid={testId}>{children}</span>
    </div>
  );
}

function Details({ order }: { order: ShopOrderDetails }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const latest = order.logistics?.events[0];

  const cancel = async () => {
    const sure = await Dialog.confirm({
      title: t('mall.cancel.title'),
      content: order.amount > 0 && order.status === 'paid' ? t('mall.cancel.withMoney') : t('mall.cancel.pointsOnly'),
      confirmText: t('mall.cancel.confirm'),
      cancelText: t('mall.cancel.keep'),
    });
    if (!sure) return;
    setBusy(true);
    try {
      await postCancelShopOrder(order.orderNo);
      Toast.show({ icon: 'success', content: t('mall.cancel.done') });
      await invalidateMall(queryClient);
    } catch {
      // request.ts showed why (shipped meanwhile…).
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <section className={`mall-state-head ${order.status}`} data-testid="mall-order-status">
        <b className="mall-state-title">{t(`mall.status.${order.status}`)}</b>
        <span className="mall-state-hint">{t(`mall.statusHint.${order.status}`)}</span>
      </section>

      {order.logistics ? (
        <TapCard
          className="card mall-where"
          label={t('mall.title.logistics')}
          onOpen={() => void navigateTo(`${MALL.logistics}?orderNo=${order.orderNo}`)}
          testId="open-logistics"
        >
          <TruckOutline className="mall-where-icon" />
          <span className="mall-where-main">
            <b>{latest ? t(`shop.logistics.event.${latest.status}`) : t(`shop.logistics.state.${order.logistics.status}`)}</b>
            <span className="mall-where-text" data-outside-text>
              {latest ? latest.description : order.logistics.company}
            </span>
            {latest ? <span className="muted">{formatDateTime(latest.at)}</span> : null}
          </span>
          <RightOutline className="mall-where-arrow" />
        </TapCard>
      ) : null}

      {order.address ? (
        <section className="card mall-where">
          <EnvironmentOutline className="mall-where-icon" />
          <span className="mall-where-main">
            <span className="mall-where-who">
              <b data-user-text>{order.address.name}</b> {maskMobile(order.address.mobile)}
            </span>
            <span className="mall-where-text" data-user-text>
              {order.address.fullText}
            </span>
          </span>
        </section>
      ) : order.store ? (
        <section className="card mall-where">
          <ShopbagOutline className="mall-where-icon" />
          <span className="mall-where-main">
            <b>{order.store.name}</b>
            <span className="mall-where-text">{order.store.address}</span>
            <span className="muted">
              {order.store.hours} · {order.store.phone}
            </span>
          </span>
        </section>
      ) : null}

      <section className="card">
        <OrderGoodsRow order={order} />
        <Row label={t('mall.pointsPaid')}>{grouped(order.points)}</Row>
        {order.amount > 0 ? <Row label={t('mall.moneyToPay')}>{money(order.amount)}</Row> : null}
        {order.refundedPoints > 0 ? (
          <Row label={t('mall.refundedPoints')} testId="refunded-points">
            {grouped(order.refundedPoints)}
          </Row>
        ) : null}
        {order.refundedAmount > 0 ? (
          <Row label={t('mall.refundedMoney')}>
            {money(order.refundedAmount)} · {order.moneyRefundedAt ? t('mall.refund.done') : t('mall.refund.pending')}
          </Row>
        ) : null}
      </section>

      <section className="card">
        <Row label={t('mall.orderNo')}>
          <span className="mall-order-no">{order.orderNo}</span>
        </Row>
        <Row label={t('mall.delivery.title')}>{t(`mall.delivery.${order.delivery}`)}</Row>
        <Row label={t('mall.createdAt')}>{formatDateTime(order.createdAt)}</Row>
        {order.paidAt ? <Row label={t('mall.paidAt')}>{formatDateTime(order.paidAt)}</Row> : null}
        {order.shippedAt ? <Row label={t('mall.shippedAt')}>{formatDateTime(order.shippedAt)}</Row> : null}
        {order.completedAt ? <Row label={t('mall.completedAt')}>{formatDateTime(order.completedAt)}</Row> : null}
        {order.cancelledAt ? <Row label={t('mall.cancelledAt')}>{formatDateTime(order.cancelledAt)}</Row> : null}
        {order.remark ? <Row label={t('mall.remark')}>{order.remark}</Row> : null}
      </section>

      {order.canCancel || order.canPay ? (
        <div className="mall-actions">
          {order.canCancel ? (
            <button type="button" className="sim-ghost-btn" disabled={busy} onClick={() => void cancel()} data-testid="cancel-order">
              {t('mall.cancel.button')}
            </button>
          ) : null}
          {order.canPay ? (
            <button type="button" className="sim-primary-btn" onClick={() => void navigateTo(`${MALL.cashier}?orderNo=${order.orderNo}`)}>
              {t('mall.payNow')}
            </button>
          ) : null}
        </div>
      ) : null}
    </>
  );
}

/** One mall order: its state, where it goes, its parcel, what it cost and what came back; cancel or pay. */
export default function MallOrderDetailsPage() {
  const { t } = useTranslation();
  const loggedIn = useRequireSim();
  const [search] = useSearchParams();
  const orderNo = search.get('orderNo') ?? '';
  const order = useShopOrderDetails(orderNo);
  if (!loggedIn) return null;
  return (
    <div className="sim-page money-page mall-page" data-testid="mall-order-details">
      {!orderNo ? (
        <SimMissingItem title={t('mall.noOrderChosen')} action={t('mall.myOrders')} to={MALL.orders} />
      ) : order.isError ? (
        <SimLoadFailed onRetry={() => void order.refetch()} />
      ) : order.data ? (
        <Details order={order.data} />
      ) : (
        <CardsSkeleton />
      )}
    </div>
  );
}
