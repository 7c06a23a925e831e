import './money.css';
import { ErrorBlock } from 'antd-mobile';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { submissionKeys } from '../../../lib/idempotency.ts';
import { grouped } from '../../../lib/money.ts';
import { knowsPage, navigateTo, redirectTo, reLaunch } from '../../../lib/nav.ts';
import { ApiError } from '../../../lib/request.ts';
import { postCreateTopupOrder } from '../api/create-topup-order.ts';
import { useReturnedOrder } from '../api/iot-order.ts';
import { type TopupKind, useTopupChoose } from '../api/topup-choose.ts';
import { yuan } from '../format.ts';
import { payMethodLabel, topupOutcome } from '../money-format.ts';
import { useScrollTop } from '../use-scroll-top.ts';
import { CardsSkeleton, ChoiceCard, PayBar, PriceTag } from './money-parts.tsx';
import { OrderResult } from './order-result.tsx';
import { SimLoadFailed } from './page-state.tsx';
import { goToCashier, isRealnameRequired, showRealnameRequired } from './pay-flow.ts';

const IOT_HOME = '/pages/iot/index/index';
const ORDER_LOGS = '/pages/iot/index/orderLogs/index';
const PAY_PAGE: Record<TopupKind, string> = {
  balance: '/pages/iot/index/balance/pay/index',
  coupon: '/pages/iot/index/couponChoose/pay/index',
};
const CHOOSE_PAGE: Record<TopupKind, string> = {
  balance: '/pages/iot/index/balance/index',
  coupon: '/pages/iot/index/couponChoose/index',
};

/** The result of a top-up after the cashier: asks while the payment is confirmed, then shows what was credited. */
function TopupResult({ kind, orderNo, returned }: { kind: TopupKind; orderNo: string; returned: string | null }) {
  const { t } = useTranslation();
  const { order, polling } = useReturnedOrder(orderNo, returned !== 'cancel');
  if (order.isError) return <SimLoadFailed onRetry={() => void order.refetch()} />;
  if (!order.data) return <CardsSkeleton count={1} />;
  const o = order.data.order;
  if (returned === 'cancel' && o.status === 'pending') {
    return (
      <div className="center-view">
        <ErrorBlock status="default" title={t('iot.orderResult.cancelled')} description={t('iot.orderResult.cancelledHint')} />
        <button type="button" className="sim-pill-btn" onClick={() => void redirectTo(CHOOSE_PAGE[kind])}>
          {t('iot.orderResult.again')}
        </button>
      </div>
    );
  }
  return (
    <OrderResult
      order={o}
      waiting={polling}
      actions={
        <>
          <button type="button" className="sim-primary-btn" onClick={() => void reLaunch(IOT_HOME)}>
            {t('iot.orderResult.backHome')}
          </button>
          {knowsPage(ORDER_LOGS) ? (
            <button type="button" className="sim-ghost-btn" onClick={() => void navigateTo(`${ORDER_LOGS}?tab=log`)}>
              {t('iot.orderResult.viewLog')}
            </button>
          ) : null}
        </>
      }
    />
  );
}

/** Confirms a top-up and pays it at the provider's cashier (spec §2 balance/pay and couponChoose/pay). */
function TopupConfirm({ kind, offerId, amount }: { kind: TopupKind; offerId: number; amount: number }) {
  const { t } = useTranslation();
  const choose = useTopupChoose(kind);
  const [method, setMethod] = useState('');
  const [busy, setBusy] = useState(false);
  const keyFor = useRef(submissionKeys()).current;
  if (choose.isError) return <SimLoadFailed onRetry={() => void choose.refetch()} />;
  const data = choose.data;
  if (!data) return <CardsSkeleton count={2} />;
  const offer = offerId ? data.offers.find((o) => o.id === offerId) : undefined;
  const pay = offer ? offer.payAmount : amount;
  if ((offerId && !offer) || pay <= 0) {
    return (
      <div className="center-view">
        <ErrorBlock status="empty" title={t('iot.topup.offerGone')} description="" />
        <button type="button" className="sim-pill-btn" onClick={() => void redirectTo(CHOOSE_PAGE[kind])}>
          {t('iot.topup.chooseAgain')}
        </button>
      </div>
    );
  }
  const outcome = topupOutcome(data, pay, offer?.bonusBalance ?? 0, offer?.bonusCoin ?? 0);
  const chosen = method || data.payMethods[0]?.method || '';

  const submit = async () => {
    const body = offer ? { offerId: offer.id, method: chosen } : { amount: pay, method: chosen };
    setBusy(true);
    try {
      const reply = await postCreateTopupOrder(kind, body, keyFor(body));
      if (reply.payment?.payUrl && reply.order.status === 'pending') goToCashier(reply.payment);
      else void redirectTo(`${PAY_PAGE[kind]}?orderNo=${reply.order.orderNo}`);
    } catch (error) {
      if (error instanceof ApiError && isRealnameRequired(error.code)) showRealnameRequired();
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <section className="card confirm-card" data-testid="topup-confirm">
        <div className="confirm-kind">{kind === 'balance' ? t('iot.title.balancePay') : t('iot.title.couponPay')}</div>
        <PriceTag fen={pay} size="lg" testId="confirm-pay" />
        {offer?.title ? <div className="confirm-title">{offer.title}</div> : null}
        <div className="topup-outcome">
          {outcome.settled > 0 ? (
            <div>
              <span>{t('iot.topup.arrearsSettled')}</span>
              <b>¥{yuan(outcome.settled)}</b>
            </div>
          ) : null}
          {outcome.balance > 0 ? (
            <div>
              <span>{t('iot.topup.balanceCredited')}</span>
              <b className="accent" data-testid="confirm-balance">
                +¥{yuan(outcome.balance)}
              </b>
            </div>
          ) : null}
          {outcome.coins > 0 ? (
            <div>
              <span>{t('iot.topup.coinsCredited')}</span>
              <b className="accent">+{grouped(outcome.coins)}</b>
            </div>
          ) : null}
        </div>
      </section>
      <section className="card" aria-label={t('iot.pay.title')}>
        <h2 className="section-title sim-mb">{t('iot.pay.title')}</h2>
        {data.payMethods.length === 0 ? <p className="muted">{t('iot.pay.noMethods')}</p> : null}
        <div className="choice-list">
          {data.payMethods.map((m) => (
            <ChoiceCard key={m.method} name="pay-method" compact checked={chosen === m.method} onSelect={() => setMethod(m.method)}>
              <span className={`pay-method-icon ${m.method}`}>{m.method === 'alipay' ? '支' : m.method === 'wechat' ? '微' : '¥'}</span>
              <span className="choice-main">
                <b>{payMethodLabel(t, m)}</b>
                <span className="muted">{t('iot.pay.onlineHint')}</span>
              </span>
            </ChoiceCard>
          ))}
        </div>
      </section>
      <PayBar total={<PriceTag fen={pay} />}>
        <button type="button" className="pay-bar-btn" disabled={busy || !chosen} onClick={() => void submit()} data-testid="topup-pay">
          {t('iot.pay.payAmount', { amount: yuan(pay) })}
        </button>
      </PayBar>
    </>
  );
}

export function TopupPayView({ kind }: { kind: TopupKind }) {
  const [search] = useSearchParams();
  const orderNo = search.get('orderNo') ?? '';
  useScrollTop(orderNo);
  return (
    <div className="sim-page money-page">
      {orderNo ? (
        <TopupResult kind={kind} orderNo={orderNo} returned={search.get('result')} />
      ) : (
        <TopupConfirm kind={kind} offerId={Number(search.get('offerId') ?? 0)} amount={Number(search.get('amount') ?? 0)} />
      )}
    </div>
  );
}
