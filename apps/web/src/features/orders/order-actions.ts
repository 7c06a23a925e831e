import type { OrderStatus, OrderSummary } from '@simshop/contract/orders';
import { useTranslation } from 'react-i18next';
import { Dialog, Toast } from '../../lib/feedback.ts';
import { navigateTo } from '../../lib/nav.ts';
import { useCancelOrder } from './api/cancel-order.ts';
import type { OrderAction } from './components/order-card.tsx';

/** What a storefront order offers in its state: pay or cancel, track delivery, review. Used by the list and the detail page. */
export function useOrderActions() {
  const { t } = useTranslation();
  const cancel = useCancelOrder();
  return (o: Pick<OrderSummary, 'orderNo' | 'number' | 'goods' | 'kind'> & { status: OrderStatus }): OrderAction[] => {
    const pay = () => void navigateTo(`/pages/order/pay/index?orderNo=${o.orderNo}`);
    const track = () => void navigateTo(`/pages/order/logistics/index?orderNo=${o.orderNo}`);
    if (o.kind === 'fastNumber') {
      if (o.status === 'submitted' || o.status === 'reviewing') {
        return [
          {
            key: 'cert',
            label: t('fastNumber.idPhotos'),
            primary: true,
            onClick: () => void navigateTo(`/pages/resetCert/index?orderNo=${o.orderNo}`),
          },
        ];
      }
      if (o.status === 'shipped' || o.status === 'activated') return [{ key: 'track', label: t('shop.orders.logistics'), onClick: track }];
      return [];
    }
    switch (o.status) {
      case 'awaiting_payment':
        return [
          {
            key: 'cancel',
            label: t('shop.orders.cancel'),
            onClick: () =>
              void Dialog.confirm({
                content: o.goods ? t('goods.cancelConfirm', { name: o.goods.name }) : t('shop.orders.cancelConfirm', { number: o.number }),
                confirmText: t('shop.orders.cancelYes'),
                cancelText: t('shop.orders.cancelNo'),
                onConfirm: async () => {
                  await cancel.mutateAsync(o.orderNo);
                  Toast.show({ content: t('shop.orders.cancelled') });
                },
              }),
          },
          { key: 'pay', label: t('shop.orders.pay'), primary: true, onClick: pay },
        ];
      case 'shipped':
        return [{ key: 'track', label: t('shop.orders.logistics'), primary: true, onClick: track }];
      case 'completed':
        if (o.kind === 'goods') return [{ key: 'track', label: t('shop.orders.logistics'), onClick: track }];
        return [
          { key: 'track', label: t('shop.orders.logistics'), onClick: track },
          {
            key: 'review',
            label: t('shop.orders.review'),
            primary: true,
            onClick: () => void navigateTo(`/pages/goods/pretty/comment?orderNo=${o.orderNo}`),
          },
        ];
      default:
        return [];
    }
  };
}
