import { useQueryClient } from '@tanstack/react-query';
import { ErrorBlock, Result } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { invalidateMall } from '../../../../../../features/mall/api/keys.ts';
import { useShopOrderDetails } from '../../../../../../features/mall/api/shop-order-details.ts';
import '../../../../../../features/mall/components/mall.css';
import { MALL } from '../../../../../../features/mall/paths.ts';
import { CardsSkeleton } from '../../../../../../features/sim/components/money-parts.tsx';
import { SimLoadFailed, SimMissingItem } from '../../../../../../features/sim/components/page-state.tsx';
import { useRequireSim } from '../../../../../../features/sim/use-require-sim.ts';
import { redirectTo } from '../../../../../../lib/nav.ts';

/** How long the page keeps asking about a payment the holder says was made. */
const POLL_FOR_MS = 30_000;

/** Where the cashier brings the holder back (?orderNo=&result=paid|cancel): the outcome of the payment. */
export default function MallPayResultPage() {
  const { t } = useTranslation();
  const loggedIn = useRequireSim();
  const queryClient = useQueryClient();
  const [search] = useSearchParams();
  const orderNo = search.get('orderNo') ?? '';
  const returned = search.get('result');
  const [timedOut, setTimedOut] = useState(false);
  const order = useShopOrderDetails(orderNo, returned !== 'cancel' && !timedOut);
  const status = order.data?.status;
  useEffect(() => {
    const timer = setTimeout(() => setTimedOut(true), POLL_FOR_MS);
    return () => clearTimeout(timer);
  }, []);
  useEffect(() => {
    if (status && status !== 'pending') void invalidateMall(queryClient);
  }, [status, queryClient]);
  if (!loggedIn) return null;
  const toOrder = () => void redirectTo(`${MALL.orderDetails}?orderNo=${orderNo}`);
  let body: React.ReactNode;
  if (!orderNo) body = <SimMissingItem title={t('mall.noOrderChosen')} action={t('mall.myOrders')} to={MALL.orders} />;
  else if (order.isError) body = <SimLoadFailed onRetry={() => void order.refetch()} />;
  else if (!order.data) body = <CardsSkeleton count={1} />;
  else if (status === 'pending') {
    body =
      returned === 'cancel' || timedOut ? (
        <div className="center-view">
          <ErrorBlock status="default" title={t('mall.pay.notPaid')} description={t('mall.pay.notPaidHint')} />
          <button type="button" className="sim-pill-btn" onClick={() => void redirectTo(`${MALL.cashier}?orderNo=${orderNo}`)}>
            {t('mall.pay.again')}
          </button>
        </div>
      ) : (
        <Result status="waiting" title={t('mall.pay.checking')} description={t('mall.pay.checkingHint')} />
      );
  } else {
    const ok = status === 'paid' || status === 'shipped' || status === 'completed';
    body = (
      <div className="mall-result" data-testid="mall-pay-result">
        <Result
          status={ok ? 'success' : 'warning'}
          title={ok ? t('mall.pay.done') : t(`mall.status.${status}`)}
          description={ok ? t('mall.pay.doneHint') : t('mall.pay.refundHint')}
        />
        <button type="button" className="sim-primary-btn" onClick={toOrder}>
          {t('mall.viewOrder')}
        </button>
        <button type="button" className="sim-ghost-btn" onClick={() => void redirectTo(MALL.index)}>
          {t('mall.toMall')}
        </button>
      </div>
    );
  }
  return <div className="sim-page money-page mall-page">{body}</div>;
}
