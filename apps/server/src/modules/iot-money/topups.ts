/** balanceChoose / couponChoose: the top-up amounts and offers of the card's promoter. */
import type { TopupChooseReply } from '@simshop/contract/iot-money';
import { cardById, type MoneyDeps, payMethodsFor, settingsFor } from './orders.ts';

export async function topupChoose(deps: MoneyDeps, simId: number, kind: 'balance' | 'coupon'): Promise<TopupChooseReply> {
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
  return {
    kind,
    offers: offers.map((o) => ({
      id: o.id,
      payAmount: o.pay_amount,
      bonusBalance: o.bonus_balance,
      bonusCoin: o.bonus_coin,
      credit: kind === 'balance' ? o.pay_amount + o.bonus_balance : o.pay_amount + o.bonus_coin,
      title: o.title,
      tag: o.tag,
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
