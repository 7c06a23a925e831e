import { Code } from '@simshop/contract/codes';
import type { CreateGoodsOrderBody } from '@simshop/contract/goods';
import type { OrderDetail, OrderStatus, OrderSummary } from '@simshop/contract/orders';
import type { PaymentView, PayResult } from '@simshop/contract/payments';
import type { Transaction } from 'kysely';
import { insertNumbered } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';
import type { Shopper } from '../../lib/context.ts';
import { BizError, invalid } from '../../lib/errors.ts';
import type { Language } from '../../lib/messages.ts';
import { metrics } from '../../lib/metrics.ts';
import { orderNumber } from '../../lib/order-no.ts';
import { textsFor } from '../i18n-texts/service.ts';
import type { ShipmentView } from '../logistics/service.ts';
import type { PaymentRow } from '../payments/service.ts';
import { divisionName, type Promoter } from '../site/service.ts';
import {
  addressOf,
  awaitingPayment,
  checkAddress,
  checkOwner,
  emitPaid,
  type OrderDeps,
  type Owner,
  payReturnUrl,
  visibleTo,
  WAREHOUSE_AREA,
  WAREHOUSE_CITY,
} from './common.ts';
import * as repo from './goods-repository.ts';

/**
 * Orders of general goods: the order takes its units of stock in the transaction that creates it
 * (one conditional update: a spec never sells more than it has), holds them while awaiting payment
 * for config.orderHoldMinutes, and gives them back when it is cancelled, expires or is refunded
 * before shipping. Paid through the payments module, shipped through logistics.
 */

/** Order type of goods orders in the payments and logistics modules. */
export const GOODS_ORDER_TYPE = 'goods';

type CreateInput = Omit<CreateGoodsOrderBody, 'agreed' | 'promoCode'>;

const soldOut = () => new BizError(Code.SOLD_OUT, 'goods.soldOut');

export const isGoodsOrderNo = (no: string) => no.startsWith('G');

/** The names of goods orders in the reader's language (the order keeps the names it was bought under). */
async function namesIn(deps: OrderDeps, rows: repo.GoodsOrderRow[], language: Language) {
  const [goods, skus] = await Promise.all([
    textsFor(
      deps.db,
      language,
      'goods',
      rows.map((o) => o.goods_id),
    ),
    textsFor(
      deps.db,
      language,
      'goods_sku',
      rows.map((o) => o.sku_id),
    ),
  ]);
  return (o: repo.GoodsOrderRow) => ({ name: goods.text(o.goods_id, 'name', o.goods_name), spec: skus.text(o.sku_id, 'name', o.sku_name) });
}

function goodsSummary(o: repo.GoodsOrderRow, names: { name: string; spec: string }): OrderSummary {
  return {
    orderNo: o.order_no,
    kind: 'goods',
    status: o.status as OrderStatus,
    application: null,
    goods: {
      goodsId: o.goods_id,
      name: names.name,
      specName: names.spec,
      image: o.image,
      unitPrice: o.unit_price,
      quantity: o.quantity,
    },
    number: '',
    operator: '',
    operatorName: '',
    packageName: '',
    price: o.amount,
    prestored: 0,
    amount: o.amount,
    createdAt: o.created_at,
    holdUntil: o.status === 'awaiting_payment' ? o.hold_until : null,
  };
}

async function detail(deps: OrderDeps, o: repo.GoodsOrderRow, language: Language): Promise<OrderDetail> {
  const [shipment, names] = await Promise.all([
    o.shipped_at ? deps.logistics.forOrder(GOODS_ORDER_TYPE, o.id) : null,
    namesIn(deps, [o], language),
  ]);
  return {
    ...goodsSummary(o, names(o)),
    buyerName: o.buyer_name,
    idNumberMasked: '',
    contactMobile: o.contact_mobile,
    address: addressOf(o),
    package: null,
    paidAt: o.paid_at,
    shippedAt: o.shipped_at,
    completedAt: o.completed_at,
    cancelledAt: o.cancelled_at,
    cancelReason: o.cancel_reason,
    refundedAt: o.refunded_at,
    logistics: shipment ? { company: shipment.company, trackingNo: shipment.trackingNo } : null,
    canPay: o.status === 'awaiting_payment' && (o.hold_until ?? 0) > deps.now(),
    canCancel: o.status === 'awaiting_payment',
    canReview: false,
  };
}

async function ownOrder(deps: OrderDeps, owner: Pick<Owner, 'mobile' | 'session'>, no: string): Promise<repo.GoodsOrderRow> {
  const o = await repo.findByNo(deps.db, no);
  if (!o || !visibleTo(o, owner)) throw invalid('orderNo', 'orders.noSuchOrder');
  return o;
}

/** Places an order for `quantity` units of a spec; 30001 when fewer are left. */
export async function createGoodsOrder(deps: OrderDeps, owner: Owner, promoter: Promoter, input: CreateInput): Promise<OrderDetail> {
  checkOwner(owner);
  checkAddress(input.address);
  const sku = await deps.goods.skuForOrder(promoter, input.skuId);
  const now = deps.now();
  const order = await deps.db.transaction().execute(async (trx) => {
    if (!(await deps.goods.takeStock(trx, sku.skuId, input.quantity))) throw soldOut();
    return insertNumbered(
      deps.dialect,
      trx,
      'order_no',
      () => orderNumber('G', now),
      (orderNo) =>
        repo.insert(trx, {
          order_no: orderNo,
          promoter_id: promoter.id,
          goods_id: sku.goodsId,
          sku_id: sku.skuId,
          goods_name: sku.goodsName,
          sku_name: sku.skuName,
          image: sku.image,
          unit_price: sku.unitPrice,
          quantity: input.quantity,
          amount: sku.unitPrice * input.quantity,
          buyer_name: input.buyerName.trim(),
          contact_mobile: input.contactMobile,
          province: input.address.province,
          city: input.address.city,
          county: input.address.county,
          address_detail: input.address.detail.trim(),
          ...awaitingPayment(deps, owner, now),
        }),
    );
  });
  metrics.purchase('goods', 'online');
  return detail(deps, order, owner.language);
}

export async function goodsOrderDetail(deps: OrderDeps, owner: Owner, no: string): Promise<OrderDetail> {
  return detail(deps, await ownOrder(deps, owner, no), owner.language);
}

export async function goodsSummaries(deps: OrderDeps, ids: number[], language: Language): Promise<Map<number, OrderSummary>> {
  const rows = await repo.findByIds(deps.db, ids);
  const names = await namesIn(deps, rows, language);
  return new Map(rows.map((o) => [o.id, goodsSummary(o, names(o))]));
}

/** Cancels an unpaid order and gives its units back, then closes its open payments. */
export async function cancelUnpaidGoods(deps: OrderDeps, orderId: number, reason: string): Promise<boolean> {
  const now = deps.now();
  const done = await deps.db.transaction().execute(async (trx) => {
    const o = await repo.findById(trx, orderId);
    if (!o) return false;
    const moved = await repo.transition(trx, o.id, ['awaiting_payment'], {
      status: 'cancelled',
      cancelled_at: now,
      cancel_reason: reason,
      hold_until: null,
      updated_at: now,
    });
    if (moved) await deps.goods.releaseStock(trx, o.sku_id, o.quantity);
    return moved;
  });
  if (done) await deps.payments.closeFor(GOODS_ORDER_TYPE, orderId);
  return done;
}

export async function cancelGoodsOrder(deps: OrderDeps, owner: Owner, no: string): Promise<OrderDetail> {
  const o = await ownOrder(deps, owner, no);
  if (!(await cancelUnpaidGoods(deps, o.id, 'cancelled by the buyer'))) throw invalid('orderNo', 'orders.cancelOnlyAwaiting');
  return goodsOrderDetail(deps, owner, no);
}

/** Ends the holds that ran out: the order is cancelled and its units go back on sale. */
export async function expireGoodsHolds(deps: OrderDeps, now: number): Promise<number> {
  let expired = 0;
  for (const o of await repo.expiredHolds(deps.db, now, 100)) {
    for (const p of await deps.payments.pendingOf(GOODS_ORDER_TYPE, o.id)) await deps.payments.reconcileOne(p);
    if (await cancelUnpaidGoods(deps, o.id, 'not paid in time')) expired++;
  }
  return expired;
}

export async function payGoodsOrder(
  deps: OrderDeps,
  owner: Owner,
  promoter: Promoter,
  no: string,
  method: string,
  shopper: Shopper,
): Promise<PaymentView> {
  const o = await ownOrder(deps, owner, no);
  if (o.status !== 'awaiting_payment' || (o.hold_until ?? 0) <= deps.now()) throw invalid('orderNo', 'orders.cannotPay');
  return deps.payments.create({
    orderType: GOODS_ORDER_TYPE,
    orderId: o.id,
    orderNo: o.order_no,
    amount: o.amount,
    subject: `${o.goods_name} · ${o.sku_name} × ${o.quantity}`,
    method,
    allowedMethods: promoter.config.showPaymentType,
    returnUrl: payReturnUrl(o.order_no),
    expiresAt: o.hold_until ?? 0,
    shopper,
  });
}

/**
 * The order's payment state; a pending payment is checked with its provider first. A payment that
 * arrived when the order could no longer be fulfilled (its hold ended and the stock was sold
 * meanwhile) was returned: that answers 30003.
 */
export async function goodsPayResult(deps: OrderDeps, owner: Owner, no: string): Promise<PayResult> {
  const first = await ownOrder(deps, owner, no);
  for (const p of await deps.payments.pendingOf(GOODS_ORDER_TYPE, first.id)) await deps.payments.reconcileOne(p);
  const o = (await repo.findById(deps.db, first.id)) ?? first;
  if (o.status === 'refunded' && o.paid_at === null) throw new BizError(Code.ORDER_FAILED, 'goodsOrders.fulfilmentFailed');
  const payment = await deps.payments.latestFor(GOODS_ORDER_TYPE, o.id);
  const paid = ['paid', 'shipped', 'completed'].includes(o.status);
  return { orderNo: o.order_no, orderStatus: o.status, paid, amount: o.amount, payment };
}

export async function goodsOrderLogistics(
  deps: OrderDeps,
  owner: Owner,
  no: string,
  language: Language,
): Promise<ShipmentView & { orderNo: string }> {
  const o = await ownOrder(deps, owner, no);
  const s = await deps.logistics.forOrder(GOODS_ORDER_TYPE, o.id, language);
  if (!s) throw invalid('orderNo', 'orders.notShipped');
  return { orderNo: o.order_no, ...s };
}

/** Ships a paid order (operator tools; the demo seed; tests). */
export async function shipGoodsOrder(deps: OrderDeps, no: string, now = deps.now(), trackingNo?: string): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    const o = await repo.findByNo(trx, no);
    if (!o) throw invalid('orderNo', 'orders.noSuchOrder');
    if (!(await repo.transition(trx, o.id, ['paid'], { status: 'shipped', shipped_at: now, updated_at: now }))) {
      throw invalid('orderNo', 'orders.shipOnlyPaid');
    }
    await deps.logistics.ship(
      trx,
      {
        orderType: GOODS_ORDER_TYPE,
        orderId: o.id,
        reference: o.order_no,
        fromCity: WAREHOUSE_CITY,
        toCity: divisionName(o.city) ?? '',
        fromArea: WAREHOUSE_AREA,
        toArea: o.city,
        trackingNo,
      },
      now,
    );
  });
}

/**
 * A payment arrived. An order awaiting payment is paid. An order cancelled meanwhile is revived
 * when its units can be taken again; otherwise it cannot be fulfilled: it is marked refunded
 * (never paid) and the money goes back.
 */
async function onPaid(deps: OrderDeps, trx: Transaction<Database>, p: PaymentRow, now: number): Promise<'applied' | { refund: string }> {
  const o = await repo.lock(deps.dialect, trx, p.order_id);
  if (!o) return { refund: 'order not found' };
  if (o.amount !== p.amount) return { refund: 'amount differs from the order' };
  const paid = { status: 'paid', paid_at: p.paid_at ?? now, paid_payment_no: p.payment_no, hold_until: null, updated_at: now } as const;
  const event = {
    kind: 'goods',
    promoterId: o.promoter_id,
    orderNo: o.order_no,
    amount: o.amount,
    item: `${o.goods_name} · ${o.sku_name} ×${o.quantity}`,
  } as const;
  if (o.status === 'awaiting_payment') {
    await repo.transition(trx, o.id, ['awaiting_payment'], paid);
    await emitPaid(deps, trx, event, p, now);
    return 'applied';
  }
  if (o.status === 'cancelled') {
    if (await deps.goods.takeStock(trx, o.sku_id, o.quantity)) {
      await repo.transition(trx, o.id, ['cancelled'], { ...paid, cancelled_at: null, cancel_reason: '' });
      await emitPaid(deps, trx, event, p, now);
      return 'applied';
    }
    const reason = 'sold out when the payment arrived';
    await repo.transition(trx, o.id, ['cancelled'], { status: 'refunded', refunded_at: now, cancel_reason: reason, updated_at: now });
    return { refund: reason };
  }
  return { refund: 'the order was already paid' };
}

/** The refund of the payment that paid the order: the order is refunded; unshipped units go back on sale. */
async function onRefunded(deps: OrderDeps, trx: Transaction<Database>, p: PaymentRow, now: number): Promise<void> {
  const o = await repo.lock(deps.dialect, trx, p.order_id);
  if (!o || o.paid_payment_no !== p.payment_no) return;
  const wasPaid = o.status === 'paid';
  if (await repo.transition(trx, o.id, ['paid', 'shipped', 'completed'], { status: 'refunded', refunded_at: now, updated_at: now })) {
    if (wasPaid) await deps.goods.releaseStock(trx, o.sku_id, o.quantity);
  }
}

export function registerGoodsOrderHandlers(deps: OrderDeps): void {
  deps.payments.registerOrderType(GOODS_ORDER_TYPE, {
    onPaid: (trx, p, now) => onPaid(deps, trx, p, now),
    onRefunded: (trx, p, now) => onRefunded(deps, trx, p, now),
  });
  deps.logistics.registerOrderType(GOODS_ORDER_TYPE, async (trx, orderId, now) => {
    await repo.transition(trx, orderId, ['shipped'], { status: 'completed', completed_at: now, updated_at: now });
  });
}
