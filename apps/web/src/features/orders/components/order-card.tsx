import type { OrderSummary } from '@simshop/contract/orders';
import { Button } from 'antd-mobile';
import { ClockCircleOutline } from 'antd-mobile-icons';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PrettyNumber } from '../../../components/pretty-number.tsx';
import { Price } from '../../../components/price.tsx';
import { OrderStatusTag } from './order-status-tag.tsx';
import './order-card.css';
import { formatDateTime } from '../../../lib/datetime.ts';

/** Minutes and seconds left of the hold on an unpaid order, ticking. */
export function useCountdown(until: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!until) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [until]);
  return until ? Math.max(0, until - now) : 0;
}

export function formatLeft(ms: number): string {
  const s = Math.ceil(ms / 1000);
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}

/** What an order is for, in a sentence: the number, the good's name, or the package applied for. */
export function orderItemLabel(order: Pick<OrderSummary, 'number' | 'goods' | 'packageName' | 'kind'>): string {
  if (order.goods) return order.goods.name;
  return order.kind === 'fastNumber' ? order.number || order.packageName : order.number;
}

export interface OrderAction {
  key: string;
  label: string;
  primary?: boolean;
  onClick: () => void;
}

/** One order of the Orders tab: number, package, status, amount and its actions. */
export function OrderCard({
  order,
  actions,
  footnote,
  onOpen,
}: {
  order: OrderSummary;
  actions: OrderAction[];
  footnote?: ReactNode;
  /** Opens the order's detail page (the card's body is the button). */
  onOpen?: () => void;
}) {
  const { t } = useTranslation();
  const left = useCountdown(order.status === 'awaiting_payment' ? order.holdUntil : null);
  const created = formatDateTime(order.createdAt);
  const goods = order.goods;
  const operator = order.operatorName;
  return (
    <article
      className="order-card"
      aria-label={t('shop.orders.cardLabel', { number: orderItemLabel(order) })}
      data-order-no={order.orderNo}
    >
      <header className="order-card-head">
        <span className="muted">{t('shop.orders.no', { no: order.orderNo })}</span>
        <OrderStatusTag status={order.status} />
      </header>
      <button type="button" className="order-card-body" onClick={onOpen} disabled={!onOpen}>
        {goods ? (
          <img className="order-card-icon" src={goods.image} alt="" width={44} height={44} />
        ) : (
          <div className="order-card-icon" aria-hidden="true">
            SIM
          </div>
        )}
        <div className="order-card-main">
          {order.kind === 'fastNumber' ? (
            <>
              <span className="order-card-title">{t('fastNumber.orderTitle')}</span>
              <div className="muted">{operator}</div>
              <div className="muted">{order.packageName}</div>
              {order.number ? <PrettyNumber number={order.number} size="sm" /> : null}
            </>
          ) : goods ? (
            <>
              <span className="order-card-title" data-user-text>
                {goods.name}
              </span>
              <div className="muted">
                <span data-user-text>{goods.specName}</span> × {goods.quantity}
              </div>
            </>
          ) : (
            <>
              <PrettyNumber number={order.number} size="sm" />
              <div className="muted">{operator}</div>
              <div className="muted">{order.packageName}</div>
            </>
          )}
          <div className="muted">{created}</div>
        </div>
        <div className="order-card-amount">
          {order.kind === 'fastNumber' ? (
            <span className="price price-md">{t('fastNumber.free')}</span>
          ) : (
            <Price fen={order.amount} size="md" />
          )}
          {order.prestored > 0 ? (
            <span className="muted">{t('shop.orders.inclPrestored', { amount: (order.prestored / 100).toFixed(0) })}</span>
          ) : null}
        </div>
      </button>
      {left > 0 ? (
        <div className="order-card-hold">
          <ClockCircleOutline />{' '}
          {t(order.kind === 'goods' ? 'shop.orders.holdLeftGoods' : 'shop.orders.holdLeft', { time: formatLeft(left) })}
        </div>
      ) : null}
      {footnote}
      {actions.length > 0 ? (
        <footer className="order-card-actions">
          {actions.map((a) => (
            <Button
              key={a.key}
              size="small"
              shape="rounded"
              className={a.primary ? 'btn-hot' : ''}
              fill={a.primary ? 'solid' : 'outline'}
              onClick={a.onClick}
            >
              {a.label}
            </Button>
          ))}
        </footer>
      ) : null}
    </article>
  );
}
