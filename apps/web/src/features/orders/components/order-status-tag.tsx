import type { OrderStatus } from '@simshop/contract/orders';
import { Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';

const COLORS: Record<OrderStatus, string> = {
  awaiting_payment: '#ff6a00',
  paid: '#017a62',
  shipped: '#017a62',
  completed: '#00b578',
  cancelled: '#999999',
  refunded: '#d92d33',
  submitted: '#b84700',
  reviewing: '#0b57d0',
  approved: '#017a62',
  rejected: '#d92d33',
  activated: '#00b578',
};

export function OrderStatusTag({ status }: { status: OrderStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={COLORS[status]} fill="outline" round style={{ '--border-radius': '10px', padding: '2px 8px', fontSize: 12 }}>
      {t(`shop.orderStatus.${status}`)}
    </Tag>
  );
}
