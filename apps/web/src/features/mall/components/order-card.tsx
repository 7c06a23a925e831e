import type { ShopOrderSummary } from '@simshop/contract/mall';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/datetime.ts';
import { PointsPrice } from './points-price.tsx';
import { TapCard } from './tap-card.tsx';

/** The good of an order: picture, name, quantity and what was paid. */
export function OrderGoodsRow({ order }: { order: ShopOrderSummary }) {
  const { t } = useTranslation();
  return (
    <div className="mall-order-goods">
      <img src={order.goodsImage} alt="" width={64} height={64} />
      <div className="mall-order-goods-main">
        <span className="mall-order-goods-name">{order.goodsName}</span>
        <span className="muted">{t('mall.quantityTimes', { count: order.quantity })}</span>
        <PointsPrice points={order.points} price={order.amount} size="sm" />
      </div>
    </div>
  );
}

/** An order in the list: status, the good and when it was placed. */
export function OrderCard({ order, onOpen }: { order: ShopOrderSummary; onOpen: () => void }) {
  const { t } = useTranslation();
  return (
    <TapCard
      className="card mall-order-card"
      label={`${order.goodsName} · ${t(`mall.status.${order.status}`)}`}
      onOpen={onOpen}
      testId="mall-order"
    >
      <span className="mall-order-head" data-order-no={order.orderNo}>
        <span className="muted">{formatDateTime(order.createdAt)}</span>
        <span className={`mall-status ${order.status}`}>{t(`mall.status.${order.status}`)}</span>
      </span>
      <OrderGoodsRow order={order} />
    </TapCard>
  );
}
