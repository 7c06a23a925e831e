import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LogisticsView } from '../../../../../../components/logistics-view.tsx';
import { useShopOrderDetails } from '../../../../../../features/mall/api/shop-order-details.ts';
import { MALL } from '../../../../../../features/mall/paths.ts';
import { CardsSkeleton } from '../../../../../../features/sim/components/money-parts.tsx';
import { SimLoadFailed, SimMissingItem } from '../../../../../../features/sim/components/page-state.tsx';
import { useRequireSim } from '../../../../../../features/sim/use-require-sim.ts';

/** The parcel of a shipped mall order: carrier, tracking number and its timeline. */
export default function MallLogisticsPage() {
  const { t } = useTranslation();
  const loggedIn = useRequireSim();
  const [search] = useSearchParams();
  const orderNo = search.get('orderNo') ?? '';
  const order = useShopOrderDetails(orderNo);
  if (!loggedIn) return null;
  const parcel = order.data?.logistics;
  return (
    <div className="sim-page money-page" data-testid="mall-logistics">
      {!orderNo ? (
        <SimMissingItem title={t('mall.noOrderChosen')} action={t('mall.myOrders')} to={MALL.orders} />
      ) : order.isError ? (
        <SimLoadFailed onRetry={() => void order.refetch()} />
      ) : !order.data ? (
        <CardsSkeleton />
      ) : parcel ? (
        <LogisticsView parcel={parcel} />
      ) : (
        <SimMissingItem title={t('mall.notShipped')} action={t('mall.viewOrder')} to={`${MALL.orderDetails}?orderNo=${orderNo}`} />
      )}
    </div>
  );
}
