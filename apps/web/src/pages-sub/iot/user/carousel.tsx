import { useTranslation } from 'react-i18next';
import { useSimInfo } from '../../../features/sim/api/sim-info.ts';
import { useSimLayout } from '../../../features/sim/api/sim-layout.ts';
import { runMenu } from '../../../features/sim/components/menus.tsx';
import { MoneyEmpty } from '../../../features/sim/components/money-parts.tsx';
import { SimLoadFailed, SimLoading } from '../../../features/sim/components/page-state.tsx';
import { useRequireSim } from '../../../features/sim/use-require-sim.ts';

/** The user page's carousel in full (spec §2 user/carousel): every banner of the layout's user carousels, each opening its link. */
export default function UserCarouselPage() {
  const { t } = useTranslation();
  const loggedIn = useRequireSim();
  const layout = useSimLayout();
  const info = useSimInfo();
  if (!loggedIn) return null;
  if (layout.isError) return <SimLoadFailed onRetry={() => void layout.refetch()} />;
  if (!layout.data) return <SimLoading lines={4} />;
  const items = layout.data.layout.user.carousels;
  const values = { promoCode: info.data?.promoCode || layout.data.promoCode, sn: info.data?.simNo ?? '' };
  if (items.length === 0) return <MoneyEmpty text={t('iot.asset.noBanners')} />;
  return (
    <div className="sim-page" data-testid="user-carousel-page">
      {items.map((item) => (
        <div key={item.image + item.title} className="sim-swiper">
          <button type="button" className="sim-swiper-item" aria-label={item.title} onClick={() => runMenu(item, values)}>
            <img src={item.image} alt={item.title} width={351} height={120} />
          </button>
        </div>
      ))}
    </div>
  );
}
