import './money.css';
import type { IotOrderView } from '@simshop/contract/iot-money';
import { DotLoading } from 'antd-mobile';
import { CheckCircleFill, ClockCircleFill, CloseCircleFill, ExclamationCircleFill } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatDateTime } from '../../../lib/datetime.ts';
import { flowText } from '../format.ts';
import { moneyText } from '../money-format.ts';

function Icon({ status }: { status: IotOrderView['status'] }) {
  switch (status) {
    case 'effective':
      return <CheckCircleFill className="order-result-icon good" />;
    case 'pending':
    case 'paid':
      return <ClockCircleFill className="order-result-icon warn" />;
    case 'refunded':
      return <ExclamationCircleFill className="order-result-icon bad" />;
    default:
      return <CloseCircleFill className="order-result-icon plain" />;
  }
}

function Row({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="sim-kv">
      <span>{label}</span>
      <b data-testid={testId}>{children}</b>
    </div>
  );
}

/**
 * The outcome of a purchase or top-up (pending, effective, refunded...), with what it did: the
 * package window, or what the top-up credited and the arrears it settled first.
 */
export function OrderResult({
  order,
  waiting,
  actions,
  allowance,
}: {
  order: IotOrderView;
  /** Still asking the server while the payment is being confirmed. */
  waiting: boolean;
  actions: ReactNode;
  /** Allowance of the package bought, in MB (package orders). */
  allowance?: number | null;
}) {
  const { t } = useTranslation();
  const coin = order.kind === 'coupon';
  // A package bought while another is in effect waits for its turn: it is not active yet.
  const queued = order.kind === 'package' && order.status === 'effective' && (order.packageStartsAt ?? 0) > Date.now();
  return (
    <section className="card order-result" data-testid="order-result" data-status={order.status}>
      <Icon status={order.status} />
      <h2 className="order-result-title" data-testid="order-status">
        {queued
          ? t('iot.orderResult.package.queued', { date: formatDate(order.packageStartsAt ?? 0) })
          : t(`iot.orderResult.${order.kind}.${order.status}`)}
      </h2>
      {order.status === 'pending' && waiting ? (
        <p className="order-result-sub">
          <DotLoading color="primary" /> {t('iot.orderResult.confirming')}
        </p>
      ) : order.status === 'refunded' ? (
        <p className="order-result-sub">
          {t('iot.orderResult.refundedHint', { method: order.payMethod === 'balance' ? t('iot.pay.balance') : t('iot.pay.online') })}
        </p>
      ) : order.failReason && order.status !== 'effective' ? (
        <p className="order-result-sub">{order.failReason}</p>
      ) : null}
      <div className="order-result-amount" data-testid="order-amount">
        {moneyText(order.payAmount)}
      </div>
      <div className="order-result-rows">
        <Row label={t('iot.orderLogs.item')}>{order.title}</Row>
        {order.kind !== 'package' && order.status === 'effective' ? (
          <>
            {order.arrearsSettled > 0 ? <Row label={t('iot.topup.arrearsSettled')}>{moneyText(order.arrearsSettled)}</Row> : null}
            <Row label={coin ? t('iot.topup.coinsCredited') : t('iot.topup.balanceCredited')} testId="order-credit">
              {coin ? t('iot.topup.coins', { count: order.creditCoin }) : moneyText(order.creditBalance)}
            </Row>
            {!coin && order.creditCoin > 0 ? (
              <Row label={t('iot.topup.bonusCoins')}>{t('iot.topup.coins', { count: order.creditCoin })}</Row>
            ) : null}
          </>
        ) : null}
        {order.kind === 'package' && allowance ? <Row label={t('iot.package.allowance')}>{flowText(allowance)}</Row> : null}
        {order.kind === 'package' && order.coinAmount > 0 ? (
          <Row label={t('iot.coupon.used')}>{t('iot.topup.coins', { count: order.coinAmount })}</Row>
        ) : null}
        {order.kind === 'package' && order.packageStartsAt && order.packageEndsAt ? (
          <Row label={t('iot.package.validity')} testId="order-window">
            {formatDate(order.packageStartsAt)} – {formatDate(order.packageEndsAt)}
          </Row>
        ) : null}
        <Row label={t('iot.orderLogs.payMethod')}>{order.payMethod === 'balance' ? t('iot.pay.balance') : t('iot.pay.online')}</Row>
        <Row label={t('iot.orderLogs.orderNo')}>
          <span className="pay-mono">{order.orderNo}</span>
        </Row>
        <Row label={t('iot.orderLogs.createdAt')}>{formatDateTime(order.createdAt)}</Row>
      </div>
      <div className="order-result-actions">{actions}</div>
    </section>
  );
}
