import type { ExchangeItem } from '@simshop/contract/iot-engage';
import { useQueryClient } from '@tanstack/react-query';
import { RightOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCouponExchangeList } from '../../../../features/sim/api/coupon-exchange-list.ts';
import { postExchangeCoupon } from '../../../../features/sim/api/exchange-coupon.ts';
import { invalidateCardMoney } from '../../../../features/sim/api/invalidate-money.ts';
import { Dialog, Toast } from '../../../../lib/feedback.ts';
import '../../../../features/sim/components/engage.css';
import { CardsSkeleton, MoneyEmpty } from '../../../../features/sim/components/money-parts.tsx';
import { SimLoadFailed } from '../../../../features/sim/components/page-state.tsx';
import { yuan } from '../../../../features/sim/format.ts';
import { useRequireSim } from '../../../../features/sim/use-require-sim.ts';
import { newIdempotencyKey } from '../../../../lib/idempotency.ts';
import { grouped } from '../../../../lib/money.ts';
import { knowsPage, navigateTo } from '../../../../lib/nav.ts';

const ORDERS = '/pages-sub/iot/index/couponExchange/order/index';
const TOP_UP_COINS = '/pages/iot/index/couponChoose/index';
const PACKAGES = '/pages/iot/index/package/index';

/** Why an item cannot be exchanged now, if it cannot. */
function blocker(item: ExchangeItem, coins: number): 'soldOut' | 'limit' | 'short' | null {
  if (item.left === 0) return 'soldOut';
  if (item.perCardLimit > 0 && item.exchanged >= item.perCardLimit) return 'limit';
  if (coins < item.coinCost) return 'short';
  return null;
}

function ItemCard({ item, coins, busy, onExchange }: { item: ExchangeItem; coins: number; busy: boolean; onExchange: () => void }) {
  const { t } = useTranslation();
  const blocked = blocker(item, coins);
  return (
    <li className={`exchange-item ${item.kind}`} data-testid={`exchange-item-${item.id}`}>
      <div className="exchange-value">
        <span className="exchange-amount">
          <small>¥</small>
          {yuan(item.value)}
        </span>
        <span className="exchange-kind">{t(`engage.exchange.kind.${item.kind}`)}</span>
      </div>
      <div className="exchange-main">
        <b>
          {item.kind === 'coupon'
            ? item.minSpend > 0
              ? t('engage.exchange.couponFrom', { amount: yuan(item.minSpend) })
              : t('engage.exchange.couponAny')
            : t('engage.exchange.balanceTitle', { amount: yuan(item.value) })}
        </b>
        <span className="muted">
          {[
            item.kind === 'coupon' ? t('engage.exchange.validDays', { count: item.validDays }) : null,
            item.left !== null ? t('engage.exchange.left', { count: item.left }) : null,
            item.perCardLimit > 0 ? t('engage.exchange.limit', { count: item.perCardLimit }) : null,
          ]
            .filter(Boolean)
            .join(' · ')}
        </span>
        <span className="exchange-cost" data-testid="exchange-cost">
          {t('engage.exchange.cost', { count: item.coinCost })}
        </span>
      </div>
      <button type="button" className="task-btn claim exchange-btn" disabled={busy || blocked !== null} onClick={onExchange}>
        {blocked ? t(`engage.exchange.blocked.${blocked}`) : t('engage.exchange.exchange')}
      </button>
    </li>
  );
}

/** Coupon coins for package coupons or balance (spec §2 couponExchange). */
export default function CouponExchangePage() {
  const { t } = useTranslation();
  const loggedIn = useRequireSim();
  const queryClient = useQueryClient();
  const q = useCouponExchangeList();
  const [busy, setBusy] = useState(false);
  if (!loggedIn) return null;

  const exchange = async (item: ExchangeItem) => {
    const ok = await Dialog.confirm({
      title: t('engage.exchange.confirmTitle'),
      content: t('engage.exchange.confirmText', {
        count: item.coinCost,
        what:
          item.kind === 'coupon'
            ? t('engage.exchange.couponOff', { amount: yuan(item.value) })
            : t('engage.exchange.balanceTitle', { amount: yuan(item.value) }),
      }),
      confirmText: t('engage.exchange.exchange'),
      cancelText: t('common.cancel'),
    });
    if (!ok) return;
    setBusy(true);
    try {
      const reply = await postExchangeCoupon(item.id, newIdempotencyKey());
      await invalidateCardMoney(queryClient);
      if (reply.exchange.kind === 'coupon' && knowsPage(PACKAGES)) {
        const go = await Dialog.confirm({
          title: t('engage.exchange.doneTitle'),
          content: t('engage.exchange.doneCoupon', { amount: yuan(reply.exchange.value) }),
          confirmText: t('engage.exchange.useNow'),
          cancelText: t('engage.exchange.later'),
        });
        if (go) void navigateTo(PACKAGES);
      } else {
        Toast.show({ icon: 'success', content: t('engage.exchange.doneBalance', { amount: yuan(reply.exchange.value) }) });
      }
    } catch {
      // The request layer has shown the refusal (sold out, limit, coins short); the list is read again.
      await invalidateCardMoney(queryClient);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="sim-page money-page" data-testid="coupon-exchange-page">
      <section className="money-hero">
        <div className="money-hero-title">{t('engage.exchange.coins')}</div>
        <div className="money-hero-big" data-testid="exchange-coins">
          {q.data ? grouped(q.data.couponCoin) : '—'}
        </div>
        <div className="task-hero-links">
          {knowsPage(ORDERS) ? (
            <button type="button" onClick={() => void navigateTo(ORDERS)}>
              {t('engage.exchange.records')} <RightOutline />
            </button>
          ) : null}
          {knowsPage(TOP_UP_COINS) ? (
            <button type="button" onClick={() => void navigateTo(TOP_UP_COINS)}>
              {t('engage.exchange.getCoins')} <RightOutline />
            </button>
          ) : null}
        </div>
      </section>
      {q.isError ? (
        <SimLoadFailed onRetry={() => void q.refetch()} />
      ) : !q.data ? (
        <CardsSkeleton count={3} />
      ) : q.data.items.length === 0 ? (
        <MoneyEmpty text={t('engage.exchange.empty')} />
      ) : (
        <ul className="exchange-list" aria-label={t('engage.title.couponExchange')}>
          {q.data.items.map((item) => (
            <ItemCard key={item.id} item={item} coins={q.data.couponCoin} busy={busy} onExchange={() => void exchange(item)} />
          ))}
        </ul>
      )}
    </div>
  );
}
