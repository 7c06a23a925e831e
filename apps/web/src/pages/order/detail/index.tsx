import { ORDER_NO } from '@simshop/contract/order-no';
import { Button, ErrorBlock, List, Skeleton, Steps } from 'antd-mobile';
import { ClockCircleOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PrettyNumber } from '../../../components/pretty-number.tsx';
import { Price } from '../../../components/price.tsx';
import { useOrderDetail } from '../../../features/orders/api/order-detail.ts';
import { formatLeft, useCountdown } from '../../../features/orders/components/order-card.tsx';
import { OrderStatusTag } from '../../../features/orders/components/order-status-tag.tsx';
import { useOrderActions } from '../../../features/orders/order-actions.ts';
import { formatDateTime } from '../../../lib/datetime.ts';
import { navigateTo, switchTab } from '../../../lib/nav.ts';
import '../../../components/shop.css';
import './index.css';

/** One storefront order: number and package, buyer and address, payment, its timeline, and the actions of its state. */
export default function OrderDetailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const orderNo = params.get('orderNo') ?? '';
  const valid = ORDER_NO.test(orderNo);
  const detail = useOrderDetail(valid ? orderNo : '');
  const actionsOf = useOrderActions();
  const o = detail.data;
  const left = useCountdown(o?.status === 'awaiting_payment' ? o.holdUntil : null);

  if (!valid || detail.isError) {
    return (
      <div className="center-view">
        <ErrorBlock status="empty" title={t('shop.orderDetail.none')} description={t('shop.orderDetail.noneHint')} />
        <Button color="primary" fill="outline" shape="rounded" onClick={() => void switchTab('/pages/order/index')}>
          {t('shop.orderDetail.toOrders')}
        </Button>
      </div>
    );
  }
  if (!o) {
    return (
      <div className="card" aria-busy="true">
        <Skeleton.Title animated />
        <Skeleton.Paragraph lineCount={8} animated />
      </div>
    );
  }

  const operator = o.operatorName;
  const app = o.application;
  const timeline = app
    ? app.timeline.map((s) => ({ key: s.status, at: s.at, title: t(`shop.orderStatus.${s.status}`) }))
    : [
        { key: 'created', at: o.createdAt },
        { key: 'paid', at: o.paidAt },
        { key: 'shipped', at: o.shippedAt },
        { key: 'completed', at: o.completedAt },
        { key: 'cancelled', at: o.cancelledAt },
        { key: 'refunded', at: o.refundedAt },
      ]
        .filter((s): s is { key: string; at: number } => s.at !== null)
        .map((s) => ({ ...s, title: t(`shop.orderDetail.step.${s.key}`) }));
  const actions = actionsOf(o);

  return (
    <div className={`order-detail ${actions.length ? 'with-bar' : ''}`}>
      <section className="order-detail-head">
        <OrderStatusTag status={o.status} />
        {left > 0 ? (
          <div className="order-detail-hold">
            <ClockCircleOutline />{' '}
            {t(o.kind === 'goods' ? 'shop.orders.holdLeftGoods' : 'shop.orders.holdLeft', { time: formatLeft(left) })}
          </div>
        ) : null}
        {o.status === 'cancelled' && o.cancelReason ? <div className="order-detail-note">{o.cancelReason}</div> : null}
        {app && o.status === 'rejected' && app.rejectReason ? (
          <div className="order-detail-note">
            {t('fastNumber.rejectReason')} <span data-user-text>{app.rejectReason}</span>
          </div>
        ) : null}
      </section>

      {app ? (
        <section className="card order-detail-item" aria-label={t('shop.orderDetail.item')}>
          <div className="order-detail-goods-name">{t('fastNumber.orderTitle')}</div>
          <div className="muted">
            {operator} · {o.packageName}
          </div>
          {o.number ? (
            <div className="order-detail-money">
              <span>{t('fastNumber.assignedNumber')}</span>
              <PrettyNumber number={o.number} size="sm" />
            </div>
          ) : null}
          <div className="order-detail-money">
            <span>{t('fastNumber.monthlyFee')}</span>
            <Price fen={app.monthlyFee} size="sm" />
          </div>
          <div className="order-detail-money total">
            <span>{t('fastNumber.applyFee')}</span>
            <span className="price price-md">{t('fastNumber.free')}</span>
          </div>
        </section>
      ) : (
        <section className="card order-detail-item" aria-label={t('shop.orderDetail.item')}>
          {o.goods ? (
            <div className="order-detail-goods">
              <img src={o.goods.image} alt="" width={64} height={64} />
              <div>
                <div className="order-detail-goods-name" data-user-text>
                  {o.goods.name}
                </div>
                <div className="muted">
                  <span data-user-text>{o.goods.specName}</span> × {o.goods.quantity}
                </div>
              </div>
            </div>
          ) : (
            <>
              <PrettyNumber number={o.number} size="md" />
              <div className="muted">
                {operator} · <span data-user-text>{o.package?.name ?? o.packageName}</span>
              </div>
            </>
          )}
          {o.goods ? (
            <div className="order-detail-money">
              <span>{t('goods.unitPrice')}</span>
              <Price fen={o.goods.unitPrice} size="sm" />
            </div>
          ) : (
            <div className="order-detail-money">
              <span>{t('shop.orderDetail.numberPrice')}</span>
              <Price fen={o.price} size="sm" />
            </div>
          )}
          {o.prestored > 0 ? (
            <div className="order-detail-money">
              <span>{t('shop.orderDetail.prestored')}</span>
              <Price fen={o.prestored} size="sm" />
            </div>
          ) : null}
          <div className="order-detail-money total">
            <span>{o.paidAt ? t('shop.orderDetail.paid') : t('shop.orderDetail.due')}</span>
            <Price fen={o.amount} size="md" />
          </div>
        </section>
      )}

      <List mode="card" header={t('shop.orderDetail.delivery')}>
        <List.Item extra={<span data-user-text>{o.buyerName}</span>}>{t('shop.orderDetail.buyer')}</List.Item>
        {o.idNumberMasked ? (
          <List.Item extra={<span data-user-text>{o.idNumberMasked}</span>}>{t('shop.orderDetail.idNumber')}</List.Item>
        ) : null}
        {app ? (
          <List.Item
            extra={app.photos.length > 0 ? t('fastNumber.photosUploaded') : t('fastNumber.photosNone')}
            onClick={() => void navigateTo(`/pages/resetCert/index?orderNo=${o.orderNo}`)}
          >
            {t('fastNumber.idPhotos')}
          </List.Item>
        ) : null}
        <List.Item extra={<span data-user-text>{o.contactMobile}</span>}>{t('shop.orderDetail.mobile')}</List.Item>
        <List.Item description={<span data-user-text>{o.address.fullText}</span>}>{t('shop.orderDetail.address')}</List.Item>
        {o.logistics ? (
          <List.Item
            description={
              <span data-user-text>
                {o.logistics.company} {o.logistics.trackingNo}
              </span>
            }
          >
            {t('shop.orderDetail.shipment')}
          </List.Item>
        ) : null}
      </List>

      <List mode="card" header={t('shop.orderDetail.order')}>
        <List.Item extra={<span data-user-text>{o.orderNo}</span>}>{t('shop.pay.orderNo')}</List.Item>
        <List.Item extra={formatDateTime(o.createdAt)}>{t('shop.orderDetail.createdAt')}</List.Item>
        {o.paidAt ? <List.Item extra={formatDateTime(o.paidAt)}>{t('shop.orderDetail.paidAt')}</List.Item> : null}
      </List>

      <section className="card" aria-label={t('shop.orderDetail.timeline')}>
        <h2 className="section-title">{t('shop.orderDetail.timeline')}</h2>
        <Steps direction="vertical" current={timeline.length - 1}>
          {timeline.map((s) => (
            <Steps.Step key={s.key} title={s.title} description={formatDateTime(s.at)} status="finish" />
          ))}
        </Steps>
      </section>

      {actions.length ? (
        <footer className="order-detail-bar">
          {actions.map((a) => (
            <Button
              key={a.key}
              shape="rounded"
              color={a.primary ? 'primary' : 'default'}
              fill={a.primary ? 'solid' : 'outline'}
              onClick={a.onClick}
            >
              {a.label}
            </Button>
          ))}
        </footer>
      ) : null}
    </div>
  );
}
