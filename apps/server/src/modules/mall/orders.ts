/**
 * Mall orders. Buying takes the pieces (one conditional update, so stock is never oversold) and the
 * points (through the iot-money points ledger, never below zero) in the order's transaction, on the
 * locked card (per-card limits). A good with a price leaves the order pending until its money is
 * paid online; unpaid, it closes after ORDER_HOLD_MINUTES and its points and pieces come back.
 * Cancelling before shipping returns the points through the ledger and the money through the
 * payment provider. Shipping books a parcel with the logistics module, whose delivery completes the order.
 */
import { Code } from '@simshop/contract/codes';
import type { BuyShopGoodsInput, ShopOrderDetails, ShopOrderReply, ShopOrderStatus, ShopOrderSummary } from '@simshop/contract/mall';
import type { PaymentView } from '@simshop/contract/payments';
import type { Kysely } from 'kysely';
import { isUniqueViolation } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';
import type { MallOrderStatusValue } from '../../db/schema-mall.ts';
import type { Shopper } from '../../lib/context.ts';
import { BizError, fail, invalid } from '../../lib/errors.ts';
import { idempotentTx } from '../../lib/idempotency.ts';
import type { Job } from '../../lib/jobs.ts';
import type { Language } from '../../lib/messages.ts';
import { orderNumber } from '../../lib/order-no.ts';
import { type Texts, textsFor } from '../i18n-texts/service.ts';
import type { SimCaller } from '../iot-auth/service.ts';
import { creditPoints, spendPoints } from '../iot-money/service.ts';
import { cardById, lockCard } from '../iot-sims/service.ts';
import type { PaymentRow } from '../payments/service.ts';
import { divisionName } from '../site/service.ts';
import { deliveriesOf, goodsOnSale, onlineMethods, storeView } from './catalogue.ts';
import { addressText, type MallDeps, ORDER_TYPE, WAREHOUSE_AREA, WAREHOUSE_CITY } from './deps.ts';
import * as repo from './repository.ts';

type Trx = Kysely<Database>;

/** M + China-time yyyyMMddHHmmss + 12 random digits. */
const newOrderNo = (now: number) => orderNumber('M', now, 12);

export const payReturnUrl = (orderNo: string) => `/shop/#/pages-sub/iot/integralShop/order/orderDetails/pay/index?orderNo=${orderNo}`;

function summary(o: repo.OrderRow, texts: Texts): ShopOrderSummary {
  return {
    orderNo: o.order_no,
    status: o.status as ShopOrderStatus,
    goodsId: o.goods_id,
    goodsName: texts.text(o.goods_id, 'name', o.goods_name),
    goodsImage: o.goods_image,
    quantity: o.quantity,
    points: o.points,
    amount: o.amount,
    delivery: o.delivery,
    createdAt: o.created_at,
    expiresAt: o.status === 'pending' ? o.expires_at : null,
  };
}

async function details(deps: MallDeps, o: repo.OrderRow, language: Language): Promise<ShopOrderDetails> {
  const { db } = deps;
  const [texts, store, shipment] = await Promise.all([
    textsFor(db, language, 'mall_goods', [o.goods_id]),
    o.store_id === null ? Promise.resolve(undefined) : repo.storeById(db, o.store_id),
    o.shipped_at === null ? Promise.resolve(null) : deps.logistics.forOrder(ORDER_TYPE, o.id, language),
  ]);
  // A delivery recorded just now completed the order: read it again.
  const current = shipment?.status === 'delivered' && o.status === 'shipped' ? ((await repo.orderByNo(db, o.order_no)) ?? o) : o;
  const storeTexts = store ? await textsFor(db, language, 'mall_store', [store.id]) : null;
  return {
    ...summary(current, texts),
    address:
      current.delivery === 'express'
        ? {
            name: current.receiver_name,
            mobile: current.receiver_mobile,
            fullText: addressText({ ...current, detail: current.address_detail }, language),
          }
        : null,
    store: store && storeTexts ? storeView(store, storeTexts, language) : null,
    remark: current.remark,
    payMethod: current.pay_method,
    paidAt: current.paid_at,
    shippedAt: current.shipped_at,
    completedAt: current.completed_at,
    cancelledAt: current.cancelled_at,
    refundedPoints: current.refunded_points,
    refundedAmount: current.refunded_amount,
    moneyRefundedAt: current.money_refunded_at,
    logistics: shipment
      ? { company: shipment.company, trackingNo: shipment.trackingNo, status: shipment.status, events: shipment.events }
      : null,
    canCancel: current.status === 'pending' || current.status === 'paid',
    canPay: current.status === 'pending' && (current.expires_at ?? 0) > deps.now(),
  };
}

async function ownOrder(deps: MallDeps, simId: number, orderNo: string): Promise<repo.OrderRow> {
  const o = await repo.orderOfCard(deps.db, simId, orderNo);
  if (!o) throw invalid('orderNo', 'mall.noSuchOrder');
  return o;
}

async function checkMethod(deps: MallDeps, promoCode: string, method: string): Promise<string[]> {
  const { allowed, offered } = await onlineMethods(deps, promoCode);
  if (!offered.some((m) => m.method === method)) throw invalid('payMethod', 'mall.methodNotOffered');
  return allowed;
}

function openPayment(deps: MallDeps, o: repo.OrderRow, method: string, allowed: string[], shopper: Shopper): Promise<PaymentView> {
  return deps.payments.create({
    orderType: ORDER_TYPE,
    orderId: o.id,
    orderNo: o.order_no,
    amount: o.amount,
    subject: `积分商城 ${o.goods_name} ×${o.quantity}`,
    method,
    allowedMethods: allowed,
    returnUrl: payReturnUrl(o.order_no),
    expiresAt: o.expires_at ?? 0,
    shopper,
  });
}

/**
 * Ends an order that has not shipped (on its row locked by the caller): the points come back
 * through the ledger and the pieces go back on sale. False when it was no longer in `from`.
 */
async function undo(
  trx: Trx,
  o: repo.OrderRow,
  from: MallOrderStatusValue[],
  to: 'cancelled' | 'closed',
  refundAmount: number,
  now: number,
): Promise<boolean> {
  const moved = await repo.transition(trx, o.id, from, {
    status: to,
    cancelled_at: now,
    expires_at: null,
    refunded_points: o.points,
    refunded_amount: refundAmount,
    updated_at: now,
  });
  if (!moved) return false;
  if (o.points > 0) await creditPoints(trx, { simId: o.sim_id, points: o.points, reason: 'mall_refund', orderNo: o.order_no, now });
  await repo.releaseStock(trx, o.goods_id, o.quantity, now);
  return true;
}

/** POST /api/iot/buyShopGoods */
export async function buyShopGoods(
  deps: MallDeps,
  caller: SimCaller,
  input: BuyShopGoodsInput,
  language: Language,
): Promise<ShopOrderReply> {
  const { db, dialect } = deps;
  const { simId } = caller;
  const g = await goodsOnSale(deps, input.goodsId);
  if (!deliveriesOf(g).includes(input.delivery)) throw invalid('delivery', 'mall.deliveryNotOffered');
  const address =
    input.delivery === 'express'
      ? await (async () => {
          if (input.addressId === undefined) throw invalid('addressId', 'mall.addressRequired');
          const a = await repo.addressOf(db, simId, input.addressId);
          if (!a) throw invalid('addressId', 'mall.noSuchAddress');
          return a;
        })()
      : null;
  if (input.delivery === 'pickup') {
    if (input.storeId === undefined) throw invalid('storeId', 'mall.storeRequired');
    const store = await repo.storeById(db, input.storeId);
    if (store?.enabled !== 1) throw invalid('storeId', 'mall.noSuchStore');
  }
  const amount = g.price * input.quantity;
  const points = g.points * input.quantity;
  // The money part is paid now when a method is given, else from the cashier page (repayShopOrder).
  const allowed = amount > 0 && input.payMethod ? await checkMethod(deps, (await cardById(db, simId)).promo_code, input.payMethod) : [];
  const now = deps.now();
  const orderNo = await idempotentTx(
    db,
    `mall-buy:${simId}`,
    caller.idempotencyKey,
    input,
    async (trx) => {
      const card = await lockCard(trx, dialect, simId);
      if (card.cancel_status !== 0) throw fail('sim.cancelled');
      if (card.status !== 1) throw fail('sim.disabled');
      if (g.per_card_limit > 0 && (await repo.boughtBy(trx, simId, g.id)) + input.quantity > g.per_card_limit) {
        throw invalid('quantity', 'mall.perCardLimit', { limit: g.per_card_limit });
      }
      if (!(await repo.takeStock(trx, g.id, input.quantity, now))) throw new BizError(Code.SOLD_OUT, 'mall.soldOut');
      const no = newOrderNo(now);
      if (points > 0) await spendPoints(trx, { simId, points, reason: 'mall_purchase', orderNo: no, now });
      const pending = amount > 0;
      await repo.insertOrder(trx, {
        order_no: no,
        sim_id: simId,
        goods_id: g.id,
        goods_name: g.name,
        goods_image: g.image,
        quantity: input.quantity,
        points,
        amount,
        delivery: input.delivery,
        receiver_name: address?.name ?? '',
        receiver_mobile: address?.mobile ?? '',
        province: address?.province ?? '',
        city: address?.city ?? '',
        county: address?.county ?? '',
        address_detail: address?.detail ?? '',
        store_id: input.delivery === 'pickup' ? (input.storeId ?? null) : null,
        remark: input.remark ?? '',
        pay_method: pending ? (input.payMethod ?? '') : 'points',
        status: pending ? 'pending' : 'paid',
        expires_at: pending ? now + deps.config.orderHoldMinutes * 60_000 : null,
        paid_at: pending ? null : now,
        shipped_at: null,
        completed_at: null,
        cancelled_at: null,
        money_refunded_at: null,
        created_at: now,
        updated_at: now,
      });
      return no;
    },
    now,
  );
  deps.sims.forgetSimInfo(simId);
  const o = await ownOrder(deps, simId, orderNo);
  let payment: PaymentView | null = null;
  if (o.status === 'pending' && input.payMethod) {
    try {
      payment = await openPayment(deps, o, input.payMethod, allowed, caller.shopper);
    } catch (err) {
      // No payment could be opened: the order closes at once and gives its points and pieces back.
      await closeUnpaid(deps, o.id);
      throw err;
    }
  }
  return { order: await details(deps, (await repo.orderByNo(db, orderNo)) ?? o, language), payment };
}

/** Closes an unpaid order (its time ran out, or its payment could not be opened). */
async function closeUnpaid(deps: MallDeps, orderId: number): Promise<boolean> {
  const now = deps.now();
  const done = await deps.db.transaction().execute(async (trx) => {
    const o = await repo.lockOrder(trx, deps.dialect, orderId);
    return o ? undo(trx, o, ['pending'], 'closed', 0, now) : false;
  });
  if (done) await deps.payments.closeFor(ORDER_TYPE, orderId);
  return done;
}

/** GET /api/iot/shopOrderDetails: a pending order's payment is asked about first. */
export async function shopOrderDetails(deps: MallDeps, simId: number, orderNo: string, language: Language): Promise<ShopOrderDetails> {
  const first = await ownOrder(deps, simId, orderNo);
  if (first.status === 'pending') {
    for (const p of await deps.payments.pendingOf(ORDER_TYPE, first.id)) await deps.payments.reconcileOne(p);
  }
  return details(deps, (await repo.orderByNo(deps.db, orderNo)) ?? first, language);
}

/** GET /api/iot/shopOrderList */
export async function shopOrderList(
  deps: MallDeps,
  simId: number,
  status: ShopOrderStatus | undefined,
  page: number,
  pageSize: number,
  language: Language,
) {
  const { rows, total } = await repo.ordersOf(deps.db, simId, status, (page - 1) * pageSize, pageSize);
  const texts = await textsFor(
    deps.db,
    language,
    'mall_goods',
    rows.map((o) => o.goods_id),
  );
  return { list: rows.map((o) => summary(o, texts)), total, page, pageSize };
}

/**
 * POST /api/iot/cancelShopOrder: an order not shipped yet is cancelled; its points come back
 * through the ledger and its pieces go back on sale in one transaction; money paid is refunded
 * through the payment provider right after (the payment module retries a refund that fails).
 */
export async function cancelShopOrder(deps: MallDeps, simId: number, orderNo: string, language: Language): Promise<ShopOrderDetails> {
  const first = await ownOrder(deps, simId, orderNo);
  // A payment that arrived meanwhile is applied first, so its money is refunded with the order.
  if (first.status === 'pending') {
    for (const p of await deps.payments.pendingOf(ORDER_TYPE, first.id)) await deps.payments.reconcileOne(p);
  }
  const now = deps.now();
  const outcome = await deps.db.transaction().execute(async (trx) => {
    const o = await repo.lockOrder(trx, deps.dialect, first.id);
    if (!o || (o.status !== 'pending' && o.status !== 'paid')) throw invalid('orderNo', 'mall.cancelNotAllowed');
    const refundMoney = o.status === 'paid' && o.amount > 0 && o.payment_no !== '';
    await undo(trx, o, [o.status], 'cancelled', refundMoney ? o.amount : 0, now);
    if (refundMoney) await deps.payments.owesRefund(trx, o.payment_no, 'mall order cancelled by the card holder', now);
    return { wasPending: o.status === 'pending', paymentNo: refundMoney ? o.payment_no : '' };
  });
  deps.sims.forgetSimInfo(simId);
  if (outcome.wasPending) await deps.payments.closeFor(ORDER_TYPE, first.id);
  if (outcome.paymentNo) {
    await deps.payments
      .settleRefund(outcome.paymentNo)
      .catch((err) => deps.log.error({ err, orderNo }, 'mall refund failed; the payment module retries it'));
  }
  return shopOrderDetails(deps, simId, orderNo, language);
}

/** POST /api/iot/repayShopOrder: opens (or reopens) the payment of the money part of a pending order. */
export async function repayShopOrder(
  deps: MallDeps,
  simId: number,
  orderNo: string,
  method: string,
  language: Language,
  shopper: Shopper,
): Promise<ShopOrderReply> {
  const o = await ownOrder(deps, simId, orderNo);
  if (o.status !== 'pending' || (o.expires_at ?? 0) <= deps.now()) throw invalid('orderNo', 'mall.payNotAllowed');
  const allowed = await checkMethod(deps, (await cardById(deps.db, simId)).promo_code, method);
  if (o.pay_method !== method) await repo.setOrder(deps.db, o.id, { pay_method: method, updated_at: deps.now() });
  const payment = await openPayment(deps, o, method, allowed, shopper);
  return { order: await details(deps, { ...o, pay_method: method }, language), payment };
}

/** Closes the pending orders whose time ran out, asking the provider about their payments first. */
export async function expireUnpaid(deps: MallDeps, now: number): Promise<number> {
  let closed = 0;
  for (const o of await repo.expiredPending(deps.db, now, 100)) {
    for (const p of await deps.payments.pendingOf(ORDER_TYPE, o.id)) await deps.payments.reconcileOne(p);
    if (await closeUnpaid(deps, o.id)) {
      closed++;
      deps.sims.forgetSimInfo(o.sim_id);
    }
  }
  return closed;
}

/**
 * Ships a paid order by express with the carrier's tracking number (the operator's, or one the
 * logistics provider books when none is given); the order becomes shipped and its parcel is tracked.
 */
export async function shipShopOrder(deps: MallDeps, orderNo: string, trackingNo?: string, now = deps.now()) {
  try {
    return await deps.db.transaction().execute(async (trx) => {
      const o = await repo.orderByNo(trx, orderNo);
      if (!o) throw invalid('orderNo', 'mall.noSuchOrder');
      if (o.delivery !== 'express') throw invalid('orderNo', 'mall.shipOnlyExpress');
      if (!(await repo.transition(trx, o.id, ['paid'], { status: 'shipped', shipped_at: now, updated_at: now }))) {
        throw invalid('orderNo', 'mall.shipOnlyPaid');
      }
      return deps.logistics.ship(
        trx,
        {
          orderType: ORDER_TYPE,
          orderId: o.id,
          reference: o.order_no,
          fromCity: WAREHOUSE_CITY,
          toCity: divisionName(o.city) ?? '',
          fromArea: WAREHOUSE_AREA,
          toArea: o.city,
          ...(trackingNo ? { trackingNo } : {}),
        },
        now,
      );
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw invalid('trackingNo', 'mall.trackingNoUsed');
    throw err;
  }
}

/** A pick-up order was collected at its pick-up point. */
export async function completePickup(deps: MallDeps, orderNo: string, now = deps.now()): Promise<void> {
  const o = await repo.orderByNo(deps.db, orderNo);
  if (!o) throw invalid('orderNo', 'mall.noSuchOrder');
  if (
    o.delivery !== 'pickup' ||
    !(await repo.transition(deps.db, o.id, ['paid'], { status: 'completed', completed_at: now, updated_at: now }))
  ) {
    throw invalid('orderNo', 'mall.pickupOnlyPaid');
  }
}

// ---- payment and logistics handlers ----

/** The money part arrived: a pending order is paid; one closed or cancelled meanwhile has its money returned. */
async function onPaid(deps: MallDeps, trx: Trx, p: PaymentRow, now: number): Promise<'applied' | { refund: string }> {
  const o = await repo.lockOrder(trx, deps.dialect, p.order_id);
  if (!o) return { refund: 'order not found' };
  if (o.amount !== p.amount) return { refund: 'amount differs from the order' };
  if (o.status !== 'pending') return { refund: o.status === 'paid' ? 'the order was already paid' : `the order is ${o.status}` };
  await repo.transition(trx, o.id, ['pending'], {
    status: 'paid',
    paid_at: p.paid_at ?? now,
    payment_no: p.payment_no,
    pay_method: p.method,
    expires_at: null,
    updated_at: now,
  });
  return 'applied';
}

/**
 * The money of an order went back. After a cancellation it records when; a refund made by an
 * operator of an order not shipped cancels it and returns its points too.
 */
async function onRefunded(deps: MallDeps, trx: Trx, p: PaymentRow, now: number): Promise<void> {
  const o = await repo.lockOrder(trx, deps.dialect, p.order_id);
  if (!o || o.payment_no !== p.payment_no) return;
  if (o.status === 'paid') await undo(trx, o, ['paid'], 'cancelled', o.amount, now);
  await repo.setOrder(trx, o.id, { money_refunded_at: now, updated_at: now });
  deps.sims.forgetSimInfo(o.sim_id);
}

export function registerMallHandlers(deps: MallDeps): void {
  deps.payments.registerOrderType(ORDER_TYPE, {
    onPaid: (trx, p, now) => onPaid(deps, trx, p, now),
    onRefunded: (trx, p, now) => onRefunded(deps, trx, p, now),
  });
  deps.logistics.registerOrderType(ORDER_TYPE, async (trx, orderId, now) => {
    await repo.transition(trx, orderId, ['shipped'], { status: 'completed', completed_at: now, updated_at: now });
  });
}

export function mallJobs(deps: MallDeps): Job[] {
  return [{ name: 'mall.expireUnpaid', everyMs: 15_000, run: (now) => expireUnpaid(deps, now) }];
}
