/**
 * What engagement sells online goes through the payment module like top-ups do: the promoter's
 * methods, a payment opened after the order's commit, and a return page the cashier sends back to.
 */
import type { FieldId } from '@simshop/contract/messages';
import type { PaymentView } from '@simshop/contract/payments';
import type { FastifyBaseLogger } from 'fastify';
import type { Shopper } from '../../lib/context.ts';
import { invalid } from '../../lib/errors.ts';
import { termOr } from '../../lib/messages.ts';
import type { CardSpeeds } from '../iot-carrier/service.ts';
import type { Payments } from '../payments/service.ts';
import type { Site } from '../site/service.ts';
import type { EngageDeps } from './tasks.ts';

/** Order types of engagement in the payment module. */
export const VIP_ORDER_TYPE = 'iot_vip';
export const ACCELERATE_ORDER_TYPE = 'iot_accelerate';

/** What selling online needs on top of the engagement basics. */
export interface ShopDeps extends EngageDeps {
  payments: Payments;
  site: Site;
  /** The card's speed at the carrier (iot-carrier). */
  speeds: CardSpeeds;
  log: FastifyBaseLogger;
  /** How long an unpaid order waits for its payment (ORDER_HOLD_MINUTES). */
  holdMs: number;
}

async function onlineMethods(deps: ShopDeps, promoCode: string) {
  const promoter = await deps.site.resolvePromoter(promoCode);
  return { allowed: promoter.config.showPaymentType, offered: deps.payments.methodsFor(promoter.config.showPaymentType) };
}

/** The online methods of the card's promoter (the balance is offered besides them). */
export async function payMethodsFor(deps: ShopDeps, promoCode: string) {
  return (await onlineMethods(deps, promoCode)).offered;
}

/** Refuses a method the promoter does not offer; returns the methods allowed for the payment. */
export async function checkMethod(deps: ShopDeps, promoCode: string, method: string, field: FieldId): Promise<string[]> {
  const { allowed, offered } = await onlineMethods(deps, promoCode);
  if (!offered.some((m) => m.method === method)) {
    throw invalid(field, 'money.methodNotOffered', {
      method: termOr('term.payMethod', method),
      methods: ['balance', ...offered.map((m) => m.method)].map((m) => termOr('term.payMethod', m)),
    });
  }
  return allowed;
}

/** Opens the payment of an order just committed (outside any transaction: the provider may be remote). */
export function openPayment(
  deps: ShopDeps,
  o: {
    orderType: string;
    id: number;
    orderSn: string;
    amount: number;
    subject: string;
    method: string;
    expiresAt: number;
    shopper: Shopper;
  },
  allowed: string[],
  returnPage: string,
): Promise<PaymentView> {
  return deps.payments.create({
    orderType: o.orderType,
    orderId: o.id,
    orderNo: o.orderSn,
    amount: o.amount,
    subject: o.subject,
    method: o.method,
    allowedMethods: allowed,
    returnUrl: `/shop/#/${returnPage}?orderSn=${o.orderSn}`,
    expiresAt: o.expiresAt,
    shopper: o.shopper,
  });
}
