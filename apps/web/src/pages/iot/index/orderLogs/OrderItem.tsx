import type { IotOrderView } from '@simshop/contract/iot-money';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchIotOrder } from '../../../../features/sim/api/iot-order.ts';
import { goToCashier } from '../../../../features/sim/components/pay-flow.ts';
import { moneyText, orderStatusTone } from '../../../../features/sim/money-format.ts';
import { formatDate, formatDateTime } from '../../../../lib/datetime.ts';

/** One order of the order logs: what, how much, its state and when. */
export function OrderItem({ order }: { order: IotOrderView }) {
  const { t } = useTranslation();
  const [opening, setOpening] = useState(false);
  /** A pending order is paid at the cashier of its payment, while that payment is still open. */
  const payNow = async () => {
    setOpening(true);
    try {
      const { order: fresh, payment } = await fetchIotOrder(order.orderNo);
      if (fresh.status === 'pending' && payment?.status === 'pending' && payment.payUrl) goToCashier(payment);
    } finally {
      setOpening(false);
    }
  };
  const coin = order.kind === 'coupon';
  return (
    <li className="log-item" data-testid="order-item" data-order-no={order.orderNo}>
      <div className="log-item-top">
        <span className="log-item-title">{order.title}</span>
        <span className="log-item-amount" data-testid="order-item-amount">
          {moneyText(order.payAmount)}
        </span>
      </div>
      <div className="log-item-mid">
        <span className={`sim-badge tone-${orderStatusTone(order.status)}`} data-testid="order-item-status">
          {t(`iot.orderStatus.${order.status}`)}
        </span>
        <span className="muted">{order.payMethod === 'balance' ? t('iot.pay.balance') : t('iot.pay.online')}</span>
        {order.coinAmount > 0 ? <span className="muted">{t('iot.orderLogs.coinsUsed', { count: order.coinAmount })}</span> : null}
      </div>
      {order.kind === 'package' && order.packageStartsAt && order.packageEndsAt && order.status === 'effective' ? (
        <div className="log-item-sub">
          {t('iot.orderLogs.window', { from: formatDate(order.packageStartsAt), to: formatDate(order.packageEndsAt) })}
        </div>
      ) : null}
      {order.kind !== 'package' && order.status === 'effective' ? (
        <div className="log-item-sub" data-testid="order-item-credit">
          {coin
            ? t('iot.orderLogs.creditedCoins', { count: order.creditCoin })
            : t('iot.orderLogs.creditedBalance', { amount: moneyText(order.creditBalance) })}
          {order.arrearsSettled > 0 ? ` · ${t('iot.orderLogs.arrearsSettled', { amount: moneyText(order.arrearsSettled) })}` : ''}
        </div>
      ) : null}
      {order.status === 'refunded' && order.failReason ? <div className="log-item-sub bad">{order.failReason}</div> : null}
      <div className="log-item-foot">
        <span>{formatDateTime(order.createdAt)}</span>
        <span className="pay-mono">{order.orderNo}</span>
      </div>
      {order.status === 'pending' && order.payMethod !== 'balance' ? (
        <div className="log-item-actions">
          <button type="button" className="sim-pill-btn" disabled={opening} onClick={() => void payNow()}>
            {t('iot.orderLogs.payNow')}
          </button>
        </div>
      ) : null}
    </li>
  );
}
