import { ClockCircleOutline, PhoneFill } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useShopStores } from '../../../../../features/mall/api/shop-stores.ts';
import '../../../../../features/mall/components/mall.css';
import { useCheckout } from '../../../../../features/mall/stores/checkout.ts';
import { CardsSkeleton, ChoiceCard, MoneyEmpty } from '../../../../../features/sim/components/money-parts.tsx';
import { SimLoadFailed } from '../../../../../features/sim/components/page-state.tsx';
import { useRequireSim } from '../../../../../features/sim/use-require-sim.ts';
import { navigateBack } from '../../../../../lib/nav.ts';

/** The pick-up points: choosing one sets it for the order being placed and goes back to it. */
export default function StorePointPage() {
  const { t } = useTranslation();
  const loggedIn = useRequireSim();
  const stores = useShopStores();
  const chosen = useCheckout((s) => s.storeId);
  const update = useCheckout((s) => s.update);
  if (!loggedIn) return null;
  return (
    <div className="sim-page money-page mall-page" data-testid="mall-stores">
      {stores.isError ? (
        <SimLoadFailed onRetry={() => void stores.refetch()} />
      ) : !stores.data ? (
        <CardsSkeleton />
      ) : stores.data.length === 0 ? (
        <MoneyEmpty text={t('mall.store.none')} />
      ) : (
        <div className="choice-list mall-stores">
          {stores.data.map((s) => (
            <ChoiceCard
              key={s.id}
              name="store"
              checked={chosen === s.id}
              onSelect={() => {
                update({ storeId: s.id, delivery: 'pickup' });
                void navigateBack();
              }}
              testId="mall-store"
            >
              <span className="choice-main mall-store">
                <b>{s.name}</b>
                <span className="mall-where-text">{s.address}</span>
                <span className="muted">
                  <ClockCircleOutline /> {s.hours} · <PhoneFill /> {s.phone}
                </span>
              </span>
            </ChoiceCard>
          ))}
        </div>
      )}
    </div>
  );
}
