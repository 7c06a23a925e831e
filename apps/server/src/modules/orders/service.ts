import { Code } from '@simshop/contract/codes';
import type { CreateOrderBody, OrderDetail, OrderStatus, OrderSummary } from '@simshop/contract/orders';
import type { PaymentView, PayResult } from '@simshop/contract/payments';
import { isChineseId } from '@simshop/contract/validate';
import type { Transaction } from 'kysely';
import { forUpdate, insertNumbered } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';
import type { Shopper } from '../../lib/context.ts';
import type { Deps } from '../../lib/deps.ts';
import { BizError, invalid } from '../../lib/errors.ts';
import type { Job } from '../../lib/jobs.ts';
import type { Language } from '../../lib/messages.ts';
import { metrics } from '../../lib/metrics.ts';
import { orderNumber } from '../../lib/order-no.ts';
import { type Texts, textsFor } from '../i18n-texts/service.ts';
import type { ShipmentView } from '../logistics/service.ts';
import type { PaymentRow, RefundView } from '../payments/service.ts';
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
import * as fastOrders from './fast-number-orders.ts';
import * as goodsOrders from './goods-orders.ts';
import * as goodsRepo from './goods-repository.ts';
import * as repo from './repository.ts';

/** Order type of vanity-number orders in the payments and logistics modules. */
export const ORDER_TYPE = 'number';

export type { OrderDeps, Owner } from './common.ts';
export { orderSessionHash } from './common.ts';
export { advanceFastNumberOrder } from './fast-number-orders.ts';
export {
  type ApplicationFilter,
  operatorFastNumber,
  operatorFastNumberList,
  promotersOfCert,
} from './operator-fast-number.ts';
export {
  dailySales,
  type OperatorOrder,
  type OperatorOrderFilter,
  operatorOrder,
  operatorOrderBatches,
  operatorOrderList,
  type PaidOrderFact,
  paidOrdersBetween,
  paidOrdersByNos,
} from './operator-orders.ts';

type CreateInput = Omit<CreateOrderBody, 'agreed' | 'promoCode'>;

function maskId(id: string): string {
  return `${id.slice(0, 3)}***********${id.slice(-4)}`;
}

async function ownOrder(deps: Deps, owner: Pick<Owner, 'mobile' | 'session'>, no: string): Promise<repo.OrderRow> {
  const o = await repo.findByNo(deps.db, no);
  // Someone else's order is answered like a missing one: nothing about it leaks.
  if (!o || !visibleTo(o, owner)) throw invalid('orderNo', 'orders.noSuchOrder');
  return o;
}

/** An order in the reader's language: the package it was bought with by its translations (the name stored with the order in Simplified Chinese). */
function summary(o: repo.OrderRow, operatorName: string, packages: Texts): OrderSummary {
  return {
    orderNo: o.order_no,
    kind: 'number',
    status: o.status as OrderStatus,
    goods: null,
    application: null,
    number: o.number,
    operator: o.operator,
    operatorName,
    packageName: packages.text(o.package_id, 'name', o.package_name),
    price: o.price,
    prestored: o.prestored,
    amount: o.amount,
    createdAt: o.created_at,
    holdUntil: o.status === 'awaiting_payment' ? o.hold_until : null,
  };
}

async function detail(deps: OrderDeps, o: repo.OrderRow, language: Language): Promise<OrderDetail> {
  const now = deps.now();
  const [operatorName, packages, pkg, shipment] = await Promise.all([
    deps.numbers.operatorName(o.operator, language),
    textsFor(deps.db, language, 'number_package', [o.package_id]),
    deps.numbers.findPackageById(deps.db, o.package_id, language),
    o.shipped_at ? deps.logistics.forOrder(ORDER_TYPE, o.id) : Promise.resolve(null),
  ]);
  const payable = o.status === 'awaiting_payment' && (o.hold_until ?? 0) > now;
  return {
    ...summary(o, operatorName, packages),
    buyerName: o.buyer_name,
    idNumberMasked: maskId(o.id_number),
    contactMobile: o.contact_mobile,
    address: addressOf(o),
    package: pkg,
    paidAt: o.paid_at,
    shippedAt: o.shipped_at,
    completedAt: o.completed_at,
    cancelledAt: o.cancelled_at,
    cancelReason: o.cancel_reason,
    refundedAt: o.refunded_at,
    logistics: shipment ? { company: shipment.company, trackingNo: shipment.trackingNo } : null,
    canPay: payable,
    canCancel: o.status === 'awaiting_payment',
    canReview: o.status === 'completed',
  };
}

/** Outside the failed transaction: an order of the same owner that holds the number already. */
async function ownHoldingOrder(deps: Deps, owner: Owner, holderId: number | null): Promise<repo.OrderRow | undefined> {
  if (holderId === null) return undefined;
  const o = await repo.findById(deps.db, holderId);
  return o && o.status === 'awaiting_payment' && visibleTo(o, owner) ? o : undefined;
}

const reserved = () => new BizError(Code.NUMBER_RESERVED, 'numbers.reserved');

/**
 * Places an order and holds its number for config.orderHoldMinutes. The hold is a conditional
 * update of the number (on_sale → held) in the order's transaction, so of any number of
 * concurrent orders for one number exactly one succeeds; the others get 32001.
 */
export async function createOrder(deps: OrderDeps, owner: Owner, promoter: Promoter, input: CreateInput): Promise<OrderDetail> {
  checkOwner(owner);
  const idNumber = input.idNumber.toUpperCase();
  if (!isChineseId(idNumber)) throw invalid('idNumber', 'orders.invalidIdNumber');
  checkAddress(input.address);
  const n = await deps.numbers.findNumber(deps.db, input.number);
  if (!n) throw invalid('number', 'numbers.noSuchNumber');
  const pkg = await deps.numbers.packageForNumber(deps.db, n, input.packageId);
  if (n.status === 'off_sale') throw invalid('number', 'numbers.offSale');
  // What the storefront's shoppers pay: the number's price after the storefront's custom prices.
  const price = await deps.numbers.priceFor(promoter, n);
  const now = deps.now();
  try {
    const order = await deps.db.transaction().execute(async (trx) => {
      const o = await insertNumbered(
        deps.dialect,
        trx,
        'order_no',
        () => orderNumber('N', now),
        (orderNo) =>
          repo.insert(trx, {
            order_no: orderNo,
            promoter_id: promoter.id,
            number_id: n.id,
            number: n.number,
            operator: n.operator,
            package_id: pkg.id,
            package_name: pkg.name,
            buyer_name: input.buyerName.trim(),
            id_number: idNumber,
            contact_mobile: input.contactMobile,
            province: input.address.province,
            city: input.address.city,
            county: input.address.county,
            address_detail: input.address.detail.trim(),
            price,
            prestored: n.prestored,
            amount: price + n.prestored,
            ...awaitingPayment(deps, owner, now),
          }),
      );
      if (!(await deps.numbers.holdNumber(trx, n.id, o.id, now))) throw reserved();
      return o;
    });
    metrics.purchase('number', 'online');
    return detail(deps, order, owner.language);
  } catch (err) {
    if (!(err instanceof BizError) || err.code !== Code.NUMBER_RESERVED) throw err;
    const current = await deps.numbers.findNumber(deps.db, n.number);
    const mine = await ownHoldingOrder(deps, owner, current?.orderId ?? null);
    if (mine) return detail(deps, mine, owner.language);
    throw err;
  }
}

export async function orderDetail(deps: OrderDeps, owner: Owner, no: string): Promise<OrderDetail> {
  if (goodsOrders.isGoodsOrderNo(no)) return goodsOrders.goodsOrderDetail(deps, owner, no);
  if (fastOrders.isFastNumberOrderNo(no)) return fastOrders.fastNumberOrderDetail(deps, owner, no);
  return detail(deps, await ownOrder(deps, owner, no), owner.language);
}

/** The logged-in mobile's orders of every kind, or before login this browser's order session's; newest first. */
export async function listOrders(deps: OrderDeps, owner: Owner, status: string | undefined, page: number, pageSize: number) {
  const scope: repo.OwnerScope | null = owner.mobile ? { mobile: owner.mobile } : owner.session ? { session: owner.session } : null;
  if (!scope) return { list: [], total: 0, page, pageSize };
  const { refs, total } = await repo.listFor(deps.db, scope, status, (page - 1) * pageSize, pageSize);
  const idsOf = (kind: repo.OrderKindName) => refs.filter((r) => r.kind === kind).map((r) => r.id);
  const [numberRows, goods, fast] = await Promise.all([
    repo.findByIds(deps.db, idsOf('number')),
    goodsOrders.goodsSummaries(deps, idsOf('goods'), owner.language),
    fastOrders.fastNumberSummaries(deps, idsOf('fastNumber'), owner.language),
  ]);
  const packages = await textsFor(
    deps.db,
    owner.language,
    'number_package',
    numberRows.map((o) => o.package_id),
  );
  const numbers = new Map(
    await Promise.all(
      numberRows.map(async (o) => [o.id, summary(o, await deps.numbers.operatorName(o.operator, owner.language), packages)] as const),
    ),
  );
  const list = refs.flatMap(
    (r) => (r.kind === 'goods' ? goods.get(r.id) : r.kind === 'fastNumber' ? fast.get(r.id) : numbers.get(r.id)) ?? [],
  );
  return { list, total, page, pageSize };
}

/** Cancels an unpaid order and frees its number, then closes its open payments. */
async function cancel(deps: OrderDeps, orderId: number, reason: string): Promise<boolean> {
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
    if (moved) await deps.numbers.releaseNumber(trx, o.number_id, o.id, now);
    return moved;
  });
  if (done) await deps.payments.closeFor(ORDER_TYPE, orderId);
  return done;
}

export async function cancelOrder(deps: OrderDeps, owner: Owner, no: string): Promise<OrderDetail> {
  if (goodsOrders.isGoodsOrderNo(no)) return goodsOrders.cancelGoodsOrder(deps, owner, no);
  if (fastOrders.isFastNumberOrderNo(no)) throw invalid('orderNo', 'orders.cancelOnlyAwaiting');
  const o = await ownOrder(deps, owner, no);
  if (!(await cancel(deps, o.id, 'cancelled by the buyer'))) throw invalid('orderNo', 'orders.cancelOnlyAwaiting');
  return orderDetail(deps, owner, no);
}

/** Ends the holds that ran out: the order is cancelled and the number (or the goods' stock) goes back on sale. */
export async function expireHolds(deps: OrderDeps, now: number): Promise<number> {
  let expired = await goodsOrders.expireGoodsHolds(deps, now);
  for (const o of await repo.expiredHolds(deps.db, now, 100)) {
    // A payment may have been made just before the hold ended: ask the provider first.
    for (const p of await deps.payments.pendingOf(ORDER_TYPE, o.id)) await deps.payments.reconcileOne(p);
    if (await cancel(deps, o.id, 'not paid in time')) expired++;
  }
  return expired;
}

export async function payOrder(
  deps: OrderDeps,
  owner: Owner,
  promoter: Promoter,
  no: string,
  method: string,
  shopper: Shopper,
): Promise<PaymentView> {
  if (goodsOrders.isGoodsOrderNo(no)) return goodsOrders.payGoodsOrder(deps, owner, promoter, no, method, shopper);
  if (fastOrders.isFastNumberOrderNo(no)) throw invalid('orderNo', 'orders.cannotPay');
  const o = await ownOrder(deps, owner, no);
  if (o.status !== 'awaiting_payment' || (o.hold_until ?? 0) <= deps.now()) throw invalid('orderNo', 'orders.cannotPay');
  return deps.payments.create({
    orderType: ORDER_TYPE,
    orderId: o.id,
    orderNo: o.order_no,
    amount: o.amount,
    subject: `靓号 ${o.number} · ${o.package_name}`,
    method,
    allowedMethods: promoter.config.showPaymentType,
    returnUrl: payReturnUrl(o.order_no),
    expiresAt: o.hold_until ?? 0,
    shopper,
  });
}

/** The order's payment state; a pending payment is checked with its provider first. */
export async function payResult(deps: OrderDeps, owner: Owner, no: string): Promise<PayResult> {
  if (goodsOrders.isGoodsOrderNo(no)) return goodsOrders.goodsPayResult(deps, owner, no);
  if (fastOrders.isFastNumberOrderNo(no)) throw invalid('orderNo', 'orders.cannotPay');
  const first = await ownOrder(deps, owner, no);
  const pending = await deps.payments.pendingOf(ORDER_TYPE, first.id);
  for (const p of pending) await deps.payments.reconcileOne(p);
  const o = (await repo.findById(deps.db, first.id)) ?? first;
  const payment = await deps.payments.latestFor(ORDER_TYPE, o.id);
  const paid = ['paid', 'shipped', 'completed'].includes(o.status);
  return { orderNo: o.order_no, orderStatus: o.status, paid, amount: o.amount, payment };
}

export async function orderLogistics(
  deps: OrderDeps,
  owner: Owner,
  no: string,
  language: Language,
): Promise<ShipmentView & { orderNo: string }> {
  if (goodsOrders.isGoodsOrderNo(no)) return goodsOrders.goodsOrderLogistics(deps, owner, no, language);
  if (fastOrders.isFastNumberOrderNo(no)) return fastOrders.fastNumberLogistics(deps, owner, no, language);
  const o = await ownOrder(deps, owner, no);
  const s = await deps.logistics.forOrder(ORDER_TYPE, o.id, language);
  if (!s) throw invalid('orderNo', 'orders.notShipped');
  return { orderNo: o.order_no, ...s };
}

/**
 * Ships a paid order (the operator console; the demo seed), with the tracking number the operator
 * got from the carrier, or one the logistics provider books.
 */
export async function shipOrder(deps: OrderDeps, no: string, now = deps.now(), trackingNo?: string): Promise<void> {
  if (goodsOrders.isGoodsOrderNo(no)) return goodsOrders.shipGoodsOrder(deps, no, now, trackingNo);
  if (fastOrders.isFastNumberOrderNo(no)) throw invalid('orderNo', 'orders.shipOnlyPaid');
  await deps.db.transaction().execute(async (trx) => {
    const o = await repo.findByNo(trx, no);
    if (!o) throw invalid('orderNo', 'orders.noSuchOrder');
    if (!(await repo.transition(trx, o.id, ['paid'], { status: 'shipped', shipped_at: now, updated_at: now }))) {
      throw invalid('orderNo', 'orders.shipOnlyPaid');
    }
    await deps.logistics.ship(
      trx,
      {
        orderType: ORDER_TYPE,
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

/** What an operator's cancel did: the refund of a paid order (null for an unpaid one). */
export interface OperatorCancel {
  refund: RefundView | null;
}

/**
 * Cancels a storefront order for an operator. One awaiting payment is cancelled (its number or
 * stock released, its open payments closed). A paid one not shipped yet is refunded in full through
 * the payments module under the key `cancel`, so asking again answers the same refund; once the
 * provider confirms it the order is refunded and its number or stock goes back on sale.
 */
export async function operatorCancel(deps: OrderDeps, no: string, reason: string): Promise<OperatorCancel> {
  const goods = goodsOrders.isGoodsOrderNo(no);
  const find = () => (goods ? goodsRepo.findByNo(deps.db, no) : no.startsWith('N') ? repo.findByNo(deps.db, no) : undefined);
  const first = await find();
  if (!first) throw invalid('orderNo', 'orders.noSuchOrder');
  if (first.status === 'awaiting_payment') {
    const done = goods ? await goodsOrders.cancelUnpaidGoods(deps, first.id, reason) : await cancel(deps, first.id, reason);
    // Closing its payment may find it paid at the provider: the order is then revived, and refunded below.
    if (done && (await find())?.status === 'cancelled') return { refund: null };
  }
  // Paid meanwhile, or paid already: the payment that paid it goes back.
  const o = (await find()) ?? first;
  if ((o.status === 'paid' || o.status === 'refunded') && o.paid_payment_no !== '') {
    return { refund: await deps.payments.refund(o.paid_payment_no, reason, 'cancel') };
  }
  throw invalid('orderNo', 'orders.cancelOnlyUnshipped');
}

/** A completed order of this mobile that may be reviewed (reviews module). */
export async function completedOrderOf(deps: Deps, mobile: string, no: string) {
  if (!no.startsWith('N')) throw invalid('orderNo', 'orders.noSuchOrder');
  const o = await ownOrder(deps, { mobile, session: '' }, no);
  if (o.status !== 'completed') throw invalid('orderNo', 'orders.reviewOnlyCompleted');
  return { id: o.id, promoterId: o.promoter_id, number: o.number, buyerName: o.buyer_name, mobile: o.contact_mobile };
}

// ---- payment and logistics handlers ----

async function lockOrder(deps: Deps, trx: Transaction<Database>, id: number) {
  return forUpdate(deps.dialect, trx.selectFrom('number_orders').selectAll().where('id', '=', id)).executeTakeFirst();
}

/**
 * A payment arrived. An order awaiting payment is paid and its number sold. An order that was
 * cancelled meanwhile is revived when its number is still free; otherwise the money goes back.
 */
async function onPaid(deps: OrderDeps, trx: Transaction<Database>, p: PaymentRow, now: number): Promise<'applied' | { refund: string }> {
  const o = await lockOrder(deps, trx, p.order_id);
  if (!o) return { refund: 'order not found' };
  if (o.amount !== p.amount) return { refund: 'amount differs from the order' };
  const paid = { status: 'paid', paid_at: p.paid_at ?? now, paid_payment_no: p.payment_no, hold_until: null, updated_at: now } as const;
  if (o.status === 'awaiting_payment') {
    if (!(await deps.numbers.sellNumber(trx, o.number_id, o.id, now))) return { refund: 'the number is not held by this order' };
    await repo.transition(trx, o.id, ['awaiting_payment'], paid);
    await emitPaid(deps, trx, { kind: 'number', promoterId: o.promoter_id, orderNo: o.order_no, amount: o.amount, item: o.number }, p, now);
    return 'applied';
  }
  if (o.status === 'cancelled' && (await deps.numbers.holdNumber(trx, o.number_id, o.id, now))) {
    await deps.numbers.sellNumber(trx, o.number_id, o.id, now);
    await repo.transition(trx, o.id, ['cancelled'], { ...paid, cancelled_at: null, cancel_reason: '' });
    await emitPaid(deps, trx, { kind: 'number', promoterId: o.promoter_id, orderNo: o.order_no, amount: o.amount, item: o.number }, p, now);
    return 'applied';
  }
  return { refund: o.status === 'cancelled' ? 'the order was cancelled and its number sold meanwhile' : 'the order was already paid' };
}

/** The refund of the payment that paid the order: the order is refunded; an unshipped number goes back on sale. */
async function onRefunded(deps: OrderDeps, trx: Transaction<Database>, p: PaymentRow, now: number): Promise<void> {
  const o = await lockOrder(deps, trx, p.order_id);
  if (!o || o.paid_payment_no !== p.payment_no) return;
  const wasPaid = o.status === 'paid';
  if (await repo.transition(trx, o.id, ['paid', 'shipped', 'completed'], { status: 'refunded', refunded_at: now, updated_at: now })) {
    if (wasPaid) await deps.numbers.releaseNumber(trx, o.number_id, o.id, now);
  }
}

export function registerOrderHandlers(deps: OrderDeps): void {
  goodsOrders.registerGoodsOrderHandlers(deps);
  fastOrders.registerFastNumberHandlers(deps);
  deps.payments.registerOrderType(ORDER_TYPE, {
    onPaid: (trx, p, now) => onPaid(deps, trx, p, now),
    onRefunded: (trx, p, now) => onRefunded(deps, trx, p, now),
  });
  deps.logistics.registerOrderType(ORDER_TYPE, async (trx, orderId, now) => {
    await repo.transition(trx, orderId, ['shipped'], { status: 'completed', completed_at: now, updated_at: now });
  });
}

export function orderJobs(deps: OrderDeps): Job[] {
  return [{ name: 'orders.expireHolds', everyMs: 15_000, run: (now) => expireHolds(deps, now) }];
}

/** Paid orders per storefront, all time and in the last 30 days (the agents' downstream figures). */
export function promoterSales(deps: Deps, promoterIds: number[]) {
  return repo.salesOf(deps.db, promoterIds, deps.now() - 30 * 86_400_000);
}
