import type { ShopOrderDetails } from '@simshop/contract/mall';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useGoodsDetails } from '../../../../../features/mall/api/goods-details.ts';
import { postRepayShopOrder } from '../../../../../features/mall/api/repay-shop-order.ts';
import { useShopOrderDetails } from '../../../../../features/mall/api/shop-order-details.ts';
import '../../../../../features/mall/components/mall.css';
import { OrderGoodsRow } from '../../../../../features/mall/components/order-card.tsx';
import { MALL } from '../../../../../features/mall/paths.ts';
import { CardsSkeleton, ChoiceCard, PayBar, PriceTag } from '../../../../../features/sim/components/money-parts.tsx';
import { SimLoadFailed, SimMissingItem } from '../../../../../features/sim/components/page-state.tsx';
import { goToCashier } from '../../../../../features/sim/components/pay-flow.ts';
import { payMethodLabel } from '../../../../../features/sim/money-format.ts';
import { useNow } from '../../../../../features/sim/use-now.ts';
import { useRequireSim } from '../../../../../features/sim/use-require-sim.ts';
import { submissionKeys } from '../../../../../lib/idempotency.ts';
import { grouped } from '../../../../../lib/money.ts';
import { redirectTo } from '../../../../../lib/nav.ts';

/** mm:ss left of a pending order's time to pay. */
function leftText(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}

function Cashier({ order }: { order: ShopOrderDetails }) {
  const { t } = useTranslation();
  const now = useNow();
  const goods = useGoodsDetails(order.goodsId);
  const methods = goods.data?.payMethods ?? [];
  const [method, setMethod] = useState('');
  const chosen = method || order.payMethod || methods[0]?.method || '';
  const [busy, setBusy] = useState(false);
  const keyFor = useRef(submissionKeys()).current;
  const left = (order.expiresAt ?? 0) - now;

  const pay = async () => {
    setBusy(true);
    try {
      const reply = await postRepayShopOrder(order.orderNo, chosen, keyFor({ orderNo: order.orderNo, chosen }));
      if (reply.payment) goToCashier(reply.payment);
    } catch {
      // request.ts showed why; the order's state is read again.
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <section className="card mall-cashier-head">
        <span className="muted">{t('mall.cashier.due')}</span>
        <PriceTag fen={order.amount} size="lg" testId="cashier-amount" />
        <span className="mall-cashier-paid">{t('mall.cashier.pointsPaid', { points: grouped(order.points) })}</span>
        <span className={left > 0 ? 'muted' : 'warn-text'}>
          {left > 0 ? t('mall.cashier.left', { time: leftText(left) }) : t('mall.cashier.expired')}
        </span>
      </section>
      <section className="card">
        <OrderGoodsRow order={order} />
      </section>
      <section className="card" aria-label={t('iot.pay.title')}>
        <h2 className="section-title sim-mb">{t('iot.pay.title')}</h2>
        {goods.isPending ? (
          <CardsSkeleton count={1} />
        ) : methods.length === 0 ? (
          <p className="muted">{t('mall.cashier.noMethod')}</p>
        ) : (
          <div className="choice-list">
            {methods.map((m) => (
              <ChoiceCard key={m.method} name="pay-method" compact checked={chosen === m.method} onSelect={() => setMethod(m.method)}>
                <span className={`pay-method-icon ${m.method}`}>{m.method === 'alipay' ? '支' : m.method === 'wechat' ? '微' : '¥'}</span>
                <span className="choice-main">
                  <b>{payMethodLabel(t, m)}</b>
                  <span className="muted">{t('iot.pay.onlineHint')}</span>
                </span>
              </ChoiceCard>
            ))}
          </div>
        )}
      </section>
      <PayBar total={<PriceTag fen={order.amount} />}>
        <button
          type="button"
          className="pay-bar-btn"
          disabled={busy || !chosen || left <= 0}
          onClick={() => void pay()}
          data-testid="cashier-pay"
        >
          {t('iot.pay.goPay')}
        </button>
      </PayBar>
    </>
  );
}

/** The cashier of a mall order: the money part due on top of the points already taken, and how to pay it. */
export default function MallCashierPage() {
  const { t } = useTranslation();
  const loggedIn = useRequireSim();
  const [search] = useSearchParams();
  const orderNo = search.get('orderNo') ?? '';
  const order = useShopOrderDetails(orderNo);
  const status = order.data?.status;
  useEffect(() => {
    // Nothing to pay any more (paid, closed or cancelled): the order itself says what happened.
    if (status && status !== 'pending') void redirectTo(`${MALL.orderDetails}?orderNo=${orderNo}`);
  }, [status, orderNo]);
  if (!loggedIn) return null;
  return (
    <div className="sim-page money-page mall-page" data-testid="mall-cashier">
      {!orderNo ? (
        <SimMissingItem title={t('mall.noOrderChosen')} action={t('mall.myOrders')} to={MALL.orders} />
      ) : order.isError ? (
        <SimLoadFailed onRetry={() => void order.refetch()} />
      ) : order.data?.status === 'pending' ? (
        <Cashier order={order.data} />
      ) : (
        <CardsSkeleton />
      )}
    </div>
  );
}
