import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Deps } from '../../lib/deps.ts';
import { invalid } from '../../lib/errors.ts';
import type { Language } from '../../lib/messages.ts';
import type { Goods } from '../goods/service.ts';
import type { Logistics } from '../logistics/service.ts';
import type { Numbers } from '../numbers/service.ts';
import type { Payments } from '../payments/service.ts';
import { divisionChildren, divisionName } from '../site/service.ts';
import type { WebhookEmitter } from '../webhooks/service.ts';

/**
 * Who is asking: the logged-in mobile (from x-session-id) and the hash of the browser's
 * x-order-session-id. An order is visible to either its session or a mobile that is its
 * creator's or its contact mobile.
 */
export interface Owner {
  mobile: string | null;
  session: string;
  /** The language replies are read in. */
  language: Language;
}

export interface OrderDeps extends Deps {
  numbers: Numbers;
  goods: Goods;
  payments: Payments;
  logistics: Logistics;
  /** Records `order.paid` for the storefront's webhooks, in the payment's transaction. */
  webhooks?: WebhookEmitter;
}

/** The columns a new order awaiting payment starts with: its owner, its hold on the stock and no payment yet. */
export function awaitingPayment(deps: OrderDeps, owner: Owner, now: number) {
  return {
    status: 'awaiting_payment' as const,
    owner_mobile: owner.mobile ?? '',
    owner_session: owner.session,
    hold_until: now + deps.config.orderHoldMinutes * 60_000,
    cancel_reason: '',
    paid_payment_no: '',
    created_at: now,
    updated_at: now,
  };
}

/** Where parcels leave from (the simulator's origin). */
export const WAREHOUSE_CITY = '深圳市';
/** Its division code (Shenzhen). */
export const WAREHOUSE_AREA = '440300';

export interface DeliveryAddress {
  province: string;
  city: string;
  county: string;
  detail: string;
}

export function orderSessionHash(orderSessionId: string): string {
  return orderSessionId ? createHash('sha256').update(`order-session:${orderSessionId}`).digest('hex') : '';
}

export function payReturnUrl(no: string): string {
  return `/shop/#/pages/order/pay/index?orderNo=${no}`;
}

export function checkAddress(a: DeliveryAddress): void {
  if (!divisionChildren('000000')?.some((p) => p.code === a.province)) throw invalid('address.province', 'orders.unknownProvince');
  if (!divisionChildren(a.province)?.some((c) => c.code === a.city)) throw invalid('address.city', 'orders.cityNotInProvince');
  if (!divisionChildren(a.city)?.some((c) => c.code === a.county)) throw invalid('address.county', 'orders.countyNotInCity');
}

export function checkOwner(owner: Owner): void {
  if (!owner.mobile && !owner.session) throw invalid('x-order-session-id', 'orders.sessionHeaderMissing');
}

interface OwnedRow {
  owner_mobile: string;
  contact_mobile: string;
  owner_session: string;
}

export function visibleTo(o: OwnedRow, owner: Pick<Owner, 'mobile' | 'session'>): boolean {
  if (owner.mobile && (o.owner_mobile === owner.mobile || o.contact_mobile === owner.mobile)) return true;
  return owner.session !== '' && o.owner_session === owner.session;
}

interface AddressRow {
  province: string;
  city: string;
  county: string;
  address_detail: string;
}

/** An order's delivery address with its full text (province, city and county names, then the detail). */
export function addressOf(o: AddressRow) {
  const names = [o.province, o.city, o.county].map((c) => divisionName(c) ?? '').join('');
  return { province: o.province, city: o.city, county: o.county, detail: o.address_detail, fullText: `${names}${o.address_detail}` };
}

/** Records `order.paid` for the storefront's webhooks in the payment's transaction (the outbox). */
export async function emitPaid(
  deps: OrderDeps,
  trx: Kysely<Database>,
  o: { kind: 'number' | 'goods'; promoterId: number; orderNo: string; amount: number; item: string },
  p: { payment_no: string; method: string; paid_at: number | null },
  now: number,
): Promise<void> {
  await deps.webhooks?.emit(
    trx,
    {
      promoterId: Number(o.promoterId),
      type: 'order.paid',
      data: {
        orderNo: o.orderNo,
        kind: o.kind,
        item: o.item,
        amount: Number(o.amount),
        paymentNo: p.payment_no,
        method: p.method,
        paidAt: Number(p.paid_at ?? now),
      },
    },
    now,
  );
}
