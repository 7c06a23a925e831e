/**
 * Coupon exchange: coupon coins for a package coupon or for balance, from the items of the card's
 * promoter. On the locked card: the limit per card is counted, a unit of stock is taken by a
 * conditional update (`sold < stock`), the coins are debited and the coupon or balance credited
 * through iot-money, all in one transaction; a retry with the same idempotency key replays it.
 */
import { Code } from '@simshop/contract/codes';
import type { CouponExchangeListReply, ExchangeCouponReply, ExchangeView, SimCouponListReply } from '@simshop/contract/iot-engage';
import type { SimCoupon } from '@simshop/contract/iot-money';
import { BizError, invalid } from '../../lib/errors.ts';
import { DAY_MS } from '../../lib/flow-math.ts';
import { idempotentTx } from '../../lib/idempotency.ts';
import { orderNumber } from '../../lib/order-no.ts';
import { assertUsable, couponsBySource, couponsOf, issueCoupon, post, postOrFail } from '../iot-money/service.ts';
import { cardById, lockCard } from '../iot-sims/service.ts';
import * as repo from './repository.ts';
import type { EngageDeps } from './tasks.ts';

type Caller = { simId: number; idempotencyKey: string };
type Page<T> = { list: T[]; total: number; page: number; pageSize: number };

/** GET /api/iot/couponExchangeList: the items of the card's promoter, with what this card has exchanged. */
export async function couponExchangeList(deps: EngageDeps, simId: number): Promise<CouponExchangeListReply> {
  const card = await cardById(deps.db, simId);
  const [items, counts] = await Promise.all([repo.exchangeItems(deps.db, card.promo_code), repo.exchangeCounts(deps.db, simId)]);
  return {
    couponCoin: card.coupon_coin,
    items: items.map((i) => ({
      id: i.id,
      kind: i.kind,
      coinCost: i.coin_cost,
      value: i.value,
      minSpend: i.min_spend,
      validDays: i.valid_days,
      left: i.stock === null ? null : Math.max(0, i.stock - i.sold),
      perCardLimit: i.per_card_limit,
      exchanged: counts.get(i.id) ?? 0,
    })),
  };
}

function exchangeView(e: repo.ExchangeRow, coupon: SimCoupon | null): ExchangeView {
  return { orderNo: e.order_no, kind: e.kind, coinCost: e.coin_cost, value: e.value, coupon, createdAt: e.created_at };
}

/** POST /api/iot/exchangeCoupon */
export async function exchangeCoupon(deps: EngageDeps, caller: Caller, itemId: number): Promise<ExchangeCouponReply> {
  const now = deps.now();
  const reply = await idempotentTx(
    deps.db,
    `iot.exchangeCoupon:${caller.simId}`,
    caller.idempotencyKey,
    { itemId },
    async (trx): Promise<ExchangeCouponReply> => {
      const card = await lockCard(trx, deps.dialect, caller.simId);
      assertUsable(card);
      const item = await repo.exchangeItem(trx, card.promo_code, itemId);
      if (!item) throw invalid('itemId', 'exchange.noSuchItem');
      if (item.per_card_limit > 0 && (await repo.exchangeCount(trx, card.id, item.id)) >= item.per_card_limit) {
        throw invalid('itemId', 'exchange.perCardLimit', { limit: item.per_card_limit });
      }
      if (!(await repo.takeExchangeStock(trx, item.id, now))) throw new BizError(Code.SOLD_OUT, 'exchange.soldOut');
      const orderNo = orderNumber('E', now, 12);
      const couponCoin = await postOrFail(trx, {
        simId: card.id,
        account: 'coupon_coin',
        delta: -item.coin_cost,
        reason: 'coupon_exchange',
        orderNo,
        now,
      });
      let balance = card.balance;
      let coupon: SimCoupon | null = null;
      if (item.kind === 'balance') {
        balance = (await post(trx, { simId: card.id, account: 'balance', delta: item.value, reason: 'coupon_exchange', orderNo, now }))!;
      } else {
        const expiresAt = now + item.valid_days * DAY_MS;
        coupon = await issueCoupon(trx, {
          simId: card.id,
          sourceNo: orderNo,
          amount: item.value,
          minSpend: item.min_spend,
          expiresAt,
          now,
        });
      }
      const row = await repo.addExchange(trx, {
        order_no: orderNo,
        sim_id: card.id,
        item_id: item.id,
        kind: item.kind,
        coin_cost: item.coin_cost,
        value: item.value,
        created_at: now,
      });
      return { exchange: exchangeView(row, coupon), couponCoin, balance };
    },
    now,
  );
  deps.sims.forgetSimInfo(caller.simId);
  return reply;
}

/** The card's exchanges, newest first, each with the coupon it gave and that coupon's state now. */
export async function exchangeList(deps: EngageDeps, simId: number, page: number, pageSize: number): Promise<Page<ExchangeView>> {
  const now = deps.now();
  const { rows, total } = await repo.exchangesOf(deps.db, simId, page, pageSize);
  const coupons = await couponsBySource(
    deps.db,
    simId,
    rows.filter((r) => r.kind === 'coupon').map((r) => r.order_no),
    now,
  );
  return { list: rows.map((r) => exchangeView(r, coupons.get(r.order_no) ?? null)), total, page, pageSize };
}

/** GET /api/iot/simCouponList */
export async function couponList(deps: EngageDeps, simId: number): Promise<SimCouponListReply> {
  const list = await couponsOf(deps.db, simId, deps.now());
  return { list, unused: list.filter((c) => c.state === 'unused').length };
}
