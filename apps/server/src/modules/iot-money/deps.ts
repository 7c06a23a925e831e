/** What the IoT money module is built with, and small helpers every part of it shares. */
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/kysely.ts';
import type { Database } from '../../db/schema.ts';
import { orderNumber } from '../../lib/order-no.ts';
import type { CarrierProvider } from '../../providers/carrier/types.ts';
import type { SimCaller, SimLogin } from '../iot-auth/service.ts';
import type { Sims } from '../iot-sims/service.ts';
import type { Payments } from '../payments/service.ts';
import type { Site } from '../site/service.ts';
import type { WebhookEmitter } from '../webhooks/service.ts';
import type { MoneyCache } from './settings.ts';

/** Order type of every IoT order in the payment module. */
export const ORDER_TYPE = 'iot';

export interface MoneyDeps {
  db: Db;
  carrier: CarrierProvider;
  payments: Payments;
  site: Site;
  sims: Sims;
  simLogin: SimLogin;
  config: Config;
  now: () => number;
  log: FastifyBaseLogger;
  /** Per-instance read cache of money settings and catalogue rows, created with the module. */
  cache: MoneyCache;
  /** First tries at the carrier under way on this instance, by order id (a replay waits for its order's). */
  firstTries: Map<number, Promise<unknown>>;
  /** Records `card.lowBalance` for the card's storefront's webhooks, in the purchase's transaction. */
  webhooks?: WebhookEmitter;
}

export type Trx = Kysely<Database>;

export interface Caller extends SimCaller {
  simNo: string;
}

/** I + China-time yyyyMMddHHmmss + 12 random digits. */
export const newOrderNo = (now: number) => orderNumber('I', now, 12);

/** An unpaid online order (and the flash-sale unit it holds) lasts ORDER_HOLD_MINUTES, like a storefront order. */
export const orderTtlMs = (deps: MoneyDeps) => deps.config.orderHoldMinutes * 60_000;

export const yuan = (fen: number) => `¥${(fen / 100).toFixed(2)}`;
