/** Top-ups of balance and coupon coins: the amounts and offers of the card's promoter, and the online order. */
import type { CreateTopupBody, IotOrderReply, TopupChooseReply } from '@simshop/contract/iot-money';
import { invalid } from '../../lib/errors.ts';
import { idempotent } from '../../lib/idempotency.ts';
import type { Language } from '../../lib/messages.ts';
import { textsFor } from '../i18n-texts/service.ts';
import { cardById } from '../iot-sims/service.ts';
import { assertUsable } from './card.ts';
import { type Caller, type MoneyDeps, yuan } from './deps.ts';
import { checkMethod, insertOnlineOrder, payMethodsFor, payOnline } from './online.ts';
import { settingsFor } from './settings.ts';

/** The tag (as stored, in Simplified Chinese) of the offer a promoter wants chosen in advance. */
const RECOMMENDED_TAG = '推荐';

export async function topupChoose(
  deps: MoneyDeps,
  simId: number,
  kind: 'balance' | 'coupon',
  language: Language,
): Promise<TopupChooseReply> {
  const { db } = deps.db;
  const now = deps.now();
  const card = await cardById(db, simId);
  const [offers, settings, methods] = await Promise.all([
    db
      .selectFrom('iot_topup_offers')
      .selectAll()
      .where('promo_code', '=', card.promo_code)
      .where('kind', '=', kind)
      .where('enabled', '=', 1)
      .where((eb) => eb.or([eb('starts_at', 'is', null), eb('starts_at', '<=', now)]))
      .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', now)]))
      .orderBy('sort')
      .orderBy('pay_amount')
      .execute(),
    settingsFor(db, card.promo_code),
    payMethodsFor(deps, card.promo_code),
  ]);
  const texts = await textsFor(
    db,
    language,
    'iot_topup_offer',
    offers.map((o) => o.id),
  );
  return {
    kind,
    offers: offers.map((o) => ({
      id: o.id,
      payAmount: o.pay_amount,
      bonusBalance: o.bonus_balance,
      bonusCoin: o.bonus_coin,
      credit: kind === 'balance' ? o.pay_amount + o.bonus_balance : o.pay_amount + o.bonus_coin,
      title: texts.text(o.id, 'title', o.title),
      tag: texts.text(o.id, 'tag', o.tag),
      recommended: o.tag.trim() === RECOMMENDED_TAG,
    })),
    allowCustom: settings.allow_custom_topup === 1,
    minAmount: settings.topup_min,
    maxAmount: settings.topup_max,
    balance: card.balance,
    couponCoin: card.coupon_coin,
    arrearsBalance: card.arrears_balance,
    payMethods: methods,
  };
}

/** POST /api/iot/createBalanceOrder and /api/iot/createCouponOrder */
export async function createTopup(
  deps: MoneyDeps,
  caller: Caller,
  kind: 'balance' | 'coupon',
  body: CreateTopupBody,
  /** Where the cashier comes back to (default: the top-up's result page in the app). */
  returnUrl?: (orderNo: string) => string,
): Promise<IotOrderReply> {
  const { db } = deps.db;
  return idempotent(db, `iot.topup:${caller.simId}`, caller.idempotencyKey, { kind, ...body }, async () => {
    const now = deps.now();
    const card = await cardById(db, caller.simId);
    assertUsable(card);
    const settings = await deps.cache.settings(db, card.promo_code);
    let pay: number;
    let bonusBalance = 0;
    let bonusCoin = 0;
    let offerId: number | null = null;
    if (body.offerId !== undefined) {
      const offer = await db
        .selectFrom('iot_topup_offers')
        .selectAll()
        .where('id', '=', body.offerId)
        .where('promo_code', '=', card.promo_code)
        .where('kind', '=', kind)
        .where('enabled', '=', 1)
        .executeTakeFirst();
      if (!offer || (offer.starts_at !== null && offer.starts_at > now) || (offer.ends_at !== null && offer.ends_at <= now)) {
        throw invalid('offerId', 'topup.offerUnavailable');
      }
      pay = offer.pay_amount;
      bonusBalance = offer.bonus_balance;
      bonusCoin = offer.bonus_coin;
      offerId = offer.id;
    } else {
      if (settings.allow_custom_topup !== 1) throw invalid('amount', 'topup.chooseOffer');
      pay = body.amount!;
      if (pay < settings.topup_min || pay > settings.topup_max) {
        throw invalid('amount', 'topup.amountRange', { min: yuan(settings.topup_min), max: yuan(settings.topup_max) });
      }
    }
    const allowed = await checkMethod(deps, card.promo_code, body.method, 'method');
    const bonusText = [bonusBalance > 0 ? `送${yuan(bonusBalance)}` : '', bonusCoin > 0 ? `送${bonusCoin}券币` : '']
      .filter(Boolean)
      .join(' ');
    const title = `${kind === 'balance' ? '余额充值' : '券币充值'} ${yuan(pay)}${bonusText ? `（${bonusText}）` : ''}`;
    const order = await insertOnlineOrder(db, deps, now, {
      sim_id: card.id,
      kind,
      package_id: null,
      offer_id: offerId,
      title,
      amount: pay,
      pay_amount: pay,
      coin_amount: 0,
      credit_balance: (kind === 'balance' ? pay : 0) + bonusBalance,
      credit_coin: (kind === 'coupon' ? pay : 0) + bonusCoin,
      pay_method: body.method,
      effect: null,
    });
    return payOnline(deps, order, allowed, caller.shopper, returnUrl?.(order.order_no));
  });
}
