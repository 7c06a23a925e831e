import type { GoodsDetailsReply } from '@simshop/contract/mall';
import { Swiper } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useGoodsDetails } from '../../../../features/mall/api/goods-details.ts';
import { BottomBar } from '../../../../features/mall/components/bottom-bar.tsx';
import '../../../../features/mall/components/mall.css';
import { PointsPrice } from '../../../../features/mall/components/points-price.tsx';
import { MALL } from '../../../../features/mall/paths.ts';
import { CardsSkeleton } from '../../../../features/sim/components/money-parts.tsx';
import { SimLoadFailed, SimMissingItem } from '../../../../features/sim/components/page-state.tsx';
import { useRequireSim } from '../../../../features/sim/use-require-sim.ts';
import { grouped, yuan } from '../../../../lib/money.ts';
import { navigateTo } from '../../../../lib/nav.ts';

/** Why a good cannot be redeemed now, or null when it can. */
function blocker(data: GoodsDetailsReply): 'soldOut' | 'limitReached' | 'pointsShort' | null {
  const g = data.goods;
  if (g.stock === 0) return 'soldOut';
  if (g.perCardLimit > 0 && g.bought >= g.perCardLimit) return 'limitReached';
  if (data.integral < g.points) return 'pointsShort';
  return null;
}

function Details({ data }: { data: GoodsDetailsReply }) {
  const { t } = useTranslation();
  const g = data.goods;
  const blocked = blocker(data);
  return (
    <>
      <div className="mall-gallery">
        <Swiper loop={g.images.length > 1} indicator={g.images.length > 1 ? undefined : () => null}>
          {g.images.map((src) => (
            <Swiper.Item key={src}>
              <img src={src} alt={g.name} width={375} height={375} />
            </Swiper.Item>
          ))}
        </Swiper>
      </div>
      <section className="card mall-detail-head">
        <PointsPrice points={g.points} price={g.price} size="lg" testId="goods-price" />
        {g.marketPrice > 0 ? <s className="mall-market">{t('mall.marketPrice', { amount: yuan(g.marketPrice) })}</s> : null}
        <h1 className="mall-detail-name">{g.name}</h1>
        {g.subtitle ? <p className="mall-detail-sub">{g.subtitle}</p> : null}
        <div className="mall-chips">
          <span className="pkg-chip" data-testid="goods-stock">
            {t('mall.stockLeft', { count: g.stock })}
          </span>
          <span className="pkg-chip soft">{t('mall.redeemed', { count: g.sold })}</span>
          {g.perCardLimit > 0 ? <span className="pkg-chip coin">{t('mall.limit', { count: g.perCardLimit })}</span> : null}
        </div>
      </section>
      <section className="card">
        <h2 className="section-title sim-mb">{t('mall.delivery.title')}</h2>
        <div className="mall-chips">
          {g.deliveries.map((d) => (
            <span key={d} className="pkg-chip">
              {t(`mall.delivery.${d}`)}
            </span>
          ))}
        </div>
      </section>
      {g.details.length > 0 ? (
        <section className="card">
          <h2 className="section-title sim-mb">{t('mall.about')}</h2>
          <ul className="mall-detail-list">
            {g.details.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </section>
      ) : null}
      <BottomBar
        info={
          <>
            <span className="pay-bar-label">{t('mall.pointsYouHave')}</span>
            <span className="mall-bar-points">{grouped(data.integral)}</span>
          </>
        }
      >
        <button
          type="button"
          className="pay-bar-btn"
          disabled={blocked !== null}
          onClick={() => void navigateTo(`${MALL.payment}?goodsId=${g.id}`)}
          data-testid="redeem-button"
        >
          {blocked ? t(`mall.blocked.${blocked}`) : t('mall.redeemNow')}
        </button>
      </BottomBar>
    </>
  );
}

/** One good of the mall: pictures, what it costs, stock, delivery and description; redeem from here. */
export default function GoodsDetailsPage() {
  const { t } = useTranslation();
  const loggedIn = useRequireSim();
  const [search] = useSearchParams();
  const goodsId = Number(search.get('goodsId') ?? 0);
  const details = useGoodsDetails(goodsId);
  if (!loggedIn) return null;
  return (
    <div className="sim-page money-page mall-page" data-testid="mall-details">
      {!(goodsId > 0) ? (
        <SimMissingItem title={t('mall.noGoodsChosen')} action={t('mall.toMall')} to={MALL.index} />
      ) : details.isError ? (
        <SimLoadFailed onRetry={() => void details.refetch()} />
      ) : details.data ? (
        <Details data={details.data} />
      ) : (
        <CardsSkeleton />
      )}
    </div>
  );
}
