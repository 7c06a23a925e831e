import { ORDER_NO } from '@simshop/contract/order-no';
import type { OrderDetail } from '@simshop/contract/orders';
import { useQueryClient } from '@tanstack/react-query';
import { Button, DotLoading, ErrorBlock, Radio, Result, Skeleton } from 'antd-mobile';
import { ClockCircleOutline } from 'antd-mobile-icons';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { groupNumber, PrettyNumber } from '../../../components/pretty-number.tsx';
import { Price } from '../../../components/price.tsx';
import { useOrderDetail } from '../../../features/orders/api/order-detail.ts';
import { formatLeft, useCountdown } from '../../../features/orders/components/order-card.tsx';
import { payOrder } from '../../../features/payment/api/pay-order.ts';
import { POLL_FOR_MS, usePayResult } from '../../../features/payment/api/pay-result.ts';
import { usePaymentMethods } from '../../../features/payment/api/payment-methods.ts';
import { openCashier } from '../../../lib/cashier.ts';
import { submissionKeys } from '../../../lib/idempotency.ts';
import { yuan } from '../../../lib/money.ts';
import { HOME, redirectTo, switchTab } from '../../../lib/nav.ts';
import { useSession } from '../../../lib/session.ts';
import '../../../components/shop.css';
import './index.css';

const PAID_STATES = ['paid', 'shipped', 'completed'];

function OrderSummaryCard({ order }: { order: OrderDetail }) {
  const { t } = useTranslation();
  return (
    <section className="card pay-summary" aria-label={t('shop.pay.summary')}>
      {order.goods ? (
        <>
          <div className="pay-summary-row">
            <span className="muted">{t('goods.item')}</span>
            <span data-user-text>{order.goods.name}</span>
          </div>
          <div className="pay-summary-row">
            <span className="muted">{t('goods.spec')}</span>
            <span>
              <span data-user-text>{order.goods.specName}</span> × {order.goods.quantity}
            </span>
          </div>
        </>
      ) : (
        <>
          <div className="pay-summary-row">
            <span className="muted">{t('shop.pay.number')}</span>
            <PrettyNumber number={order.number} size="sm" />
          </div>
          <div className="pay-summary-row">
            <span className="muted">{t('shop.pay.package')}</span>
            <span>{order.packageName}</span>
          </div>
          <div className="pay-summary-row">
            <span className="muted">{t('shop.number.price')}</span>
            <span>¥{yuan(order.price)}</span>
          </div>
          <div className="pay-summary-row">
            <span className="muted">{t('shop.number.prestored')}</span>
            <span>¥{yuan(order.prestored)}</span>
          </div>
        </>
      )}
      <div className="pay-summary-row">
        <span className="muted">{t('shop.pay.orderNo')}</span>
        <span className="pay-mono">{order.orderNo}</span>
      </div>
    </section>
  );
}

/** Pays an order at the provider's cashier, then shows the result when the cashier comes back. */
export default function PayPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const orderNo = params.get('orderNo') ?? '';
  const returned = params.get('result');
  const promoCode = useSession((s) => s.carried.promoCode);
  const queryClient = useQueryClient();
  const order = useOrderDetail(orderNo);
  const methods = usePaymentMethods();
  const [method, setMethod] = useState('');
  const [paying, setPaying] = useState(false);
  const [timedOut, setTimedOut] = useState(false);
  const keyFor = useRef(submissionKeys()).current;

  const polling = returned === 'paid' && !timedOut;
  const result = usePayResult(orderNo, polling);
  const paid = result.data?.paid || PAID_STATES.includes(order.data?.status ?? '');
  const left = useCountdown(order.data?.status === 'awaiting_payment' ? order.data.holdUntil : null);

  useEffect(() => {
    if (returned !== 'paid') return;
    const timer = setTimeout(() => setTimedOut(true), POLL_FOR_MS);
    return () => clearTimeout(timer);
  }, [returned]);
  useEffect(() => {
    if (paid) {
      void queryClient.invalidateQueries({ queryKey: ['orderList'] });
      void queryClient.invalidateQueries({ queryKey: ['orderDetail', orderNo] });
    }
  }, [paid, orderNo, queryClient]);
  const chosen = method || methods.data?.[0]?.method || '';

  if (!ORDER_NO.test(orderNo) || order.isError) {
    return <ErrorBlock status="empty" title={t('shop.pay.notFound')} description="" />;
  }
  if (!order.data) {
    return (
      <div className="card">
        <Skeleton.Title animated />
        <Skeleton.Paragraph lineCount={5} animated />
      </div>
    );
  }
  const o = order.data;
  const toOrders = () => void switchTab('/pages/order/index');

  if (paid) {
    return (
      <div className="pay">
        <Result
          status="success"
          title={t('shop.pay.paidTitle')}
          description={
            o.goods
              ? t('goods.paidText', { amount: yuan(o.amount), name: o.goods.name })
              : t('shop.pay.paidText', { amount: yuan(o.amount), number: groupNumber(o.number).join(' ') })
          }
        />
        <OrderSummaryCard order={o} />
        <div className="pay-buttons">
          <Button block shape="rounded" color="primary" onClick={toOrders}>
            {t('shop.pay.viewOrders')}
          </Button>
          <Button block shape="rounded" onClick={() => void switchTab(HOME)}>
            {t('shop.pay.backHome')}
          </Button>
        </div>
      </div>
    );
  }
  if (o.status === 'cancelled' || o.status === 'refunded') {
    return (
      <div className="pay">
        <Result status="info" title={t(`shop.orderStatus.${o.status}`)} description={o.cancelReason || t('shop.pay.closedText')} />
        <div className="pay-buttons">
          <Button block shape="rounded" color="primary" onClick={() => void switchTab(HOME)}>
            {t('shop.pay.pickAnother')}
          </Button>
        </div>
      </div>
    );
  }
  if (returned === 'paid') {
    return (
      <div className="pay">
        {timedOut ? (
          <Result status="waiting" title={t('shop.pay.pendingTitle')} description={t('shop.pay.pendingText')} />
        ) : (
          <Result
            status="waiting"
            title={
              <span>
                {t('shop.pay.confirming')}
                <DotLoading />
              </span>
            }
            description={t('shop.pay.confirmingText')}
          />
        )}
        <div className="pay-buttons">
          <Button
            block
            shape="rounded"
            color="primary"
            onClick={() => {
              setTimedOut(false);
              void result.refetch();
            }}
          >
            {t('shop.pay.refresh')}
          </Button>
          <Button block shape="rounded" onClick={toOrders}>
            {t('shop.pay.viewOrders')}
          </Button>
        </div>
      </div>
    );
  }

  const pay = async () => {
    if (!chosen) return;
    const body = { orderNo: o.orderNo, method: chosen, promoCode };
    setPaying(true);
    try {
      const payment = await payOrder(body, keyFor(body));
      openCashier(payment);
    } catch {
      setPaying(false);
    }
  };

  return (
    <div className="pay">
      {returned === 'cancel' ? (
        <Result status="warning" title={t('shop.pay.notPaidTitle')} description={t('shop.pay.notPaidText')} />
      ) : null}
      <section className="pay-amount">
        <span className="muted">{t('shop.pay.amountDue')}</span>
        <Price fen={o.amount} size="lg" />
        {left > 0 ? (
          <span className="pay-hold">
            <ClockCircleOutline /> {t(o.kind === 'goods' ? 'shop.pay.holdLeftGoods' : 'shop.pay.holdLeft', { time: formatLeft(left) })}
          </span>
        ) : null}
      </section>
      <OrderSummaryCard order={o} />
      <section className="card pay-methods">
        <h2 className="section-title">{t('shop.pay.method')}</h2>
        {methods.isPending ? (
          <Skeleton.Paragraph lineCount={2} animated />
        ) : (methods.data ?? []).length === 0 ? (
          <p className="muted">{t('shop.pay.noMethod')}</p>
        ) : (
          <Radio.Group value={chosen} onChange={(v) => setMethod(String(v))}>
            {(methods.data ?? []).map((m) => (
              <Radio key={m.method} value={m.method} block className="pay-method">
                <span className={`pay-method-icon pm-${m.method}`} aria-hidden="true">
                  ¥
                </span>
                {t(`shop.pay.methods.${m.method}`, { defaultValue: m.name })}
              </Radio>
            ))}
          </Radio.Group>
        )}
      </section>
      <div className="action-bar">
        <Button
          className="btn-hot action-bar-main"
          shape="rounded"
          loading={paying}
          disabled={!o.canPay || !chosen}
          onClick={() => void pay()}
        >
          {t('shop.pay.payNow', { amount: yuan(o.amount) })}
        </Button>
      </div>
      {!o.canPay ? (
        <p className="muted" style={{ textAlign: 'center' }}>
          <Button size="mini" fill="none" onClick={() => void redirectTo(`/pages/order/pay/index?orderNo=${o.orderNo}`)}>
            {t('shop.pay.refresh')}
          </Button>
        </p>
      ) : null}
    </div>
  );
}
