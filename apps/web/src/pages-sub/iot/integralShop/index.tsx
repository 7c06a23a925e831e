import { Swiper } from 'antd-mobile';
import { RightOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useIntegralShopIndex } from '../../../features/mall/api/integral-shop-index.ts';
import { GoodsCard } from '../../../features/mall/components/goods-card.tsx';
import '../../../features/mall/components/mall.css';
import { MALL } from '../../../features/mall/paths.ts';
import { CardsSkeleton, MoneyEmpty } from '../../../features/sim/components/money-parts.tsx';
import { SimLoadFailed } from '../../../features/sim/components/page-state.tsx';
import { useRequireSim } from '../../../features/sim/use-require-sim.ts';
import { grouped } from '../../../lib/money.ts';
import { navigateTo } from '../../../lib/nav.ts';

const ALL = 'all';

/** The points mall: the card's points, banners, categories and the goods to redeem. */
export default function IntegralShopPage() {
  const { t } = useTranslation();
  const loggedIn = useRequireSim();
  const shop = useIntegralShopIndex();
  const [category, setCategory] = useState(ALL);
  if (!loggedIn) return null;
  const data = shop.data;
  const open = (goodsId: number) => void navigateTo(`${MALL.details}?goodsId=${goodsId}`);
  const goods = data?.goods.filter((g) => category === ALL || String(g.categoryId) === category) ?? [];
  return (
    <div className="sim-page money-page mall-page" data-testid="mall-index">
      <section className="mall-points-head">
        <div>
          <span className="mall-points-label">{t('mall.myPoints')}</span>
          <b className="mall-points-value" data-testid="mall-points">
            {data ? grouped(data.integral) : '—'}
          </b>
        </div>
        <button type="button" className="mall-head-link" onClick={() => void navigateTo(MALL.orders)}>
          {t('mall.myOrders')}
          <RightOutline />
        </button>
      </section>
      {shop.isError ? (
        <SimLoadFailed onRetry={() => void shop.refetch()} />
      ) : !data ? (
        <CardsSkeleton />
      ) : (
        <>
          {data.banners.length > 0 ? (
            <div className="mall-banners">
              <Swiper autoplay loop={data.banners.length > 1} style={{ '--border-radius': '12px' }}>
                {data.banners.map((b) => (
                  <Swiper.Item key={b.id}>
                    {b.goodsId ? (
                      <button type="button" className="mall-banner" onClick={() => open(b.goodsId!)}>
                        <img src={b.image} alt="" width={351} height={140} />
                        <span className="mall-banner-title">{b.title}</span>
                      </button>
                    ) : (
                      <div className="mall-banner">
                        <img src={b.image} alt="" width={351} height={140} />
                        <span className="mall-banner-title">{b.title}</span>
                      </div>
                    )}
                  </Swiper.Item>
                ))}
              </Swiper>
            </div>
          ) : null}
          <nav className="mall-cats" aria-label={t('mall.categories')}>
            {[{ id: ALL, name: t('mall.all') }, ...data.categories.map((c) => ({ id: String(c.id), name: c.name }))].map((c) => (
              <button
                key={c.id}
                type="button"
                className={`mall-cat${category === c.id ? ' on' : ''}`}
                aria-pressed={category === c.id}
                onClick={() => setCategory(c.id)}
              >
                {c.name}
              </button>
            ))}
          </nav>
          {goods.length === 0 ? (
            <MoneyEmpty text={t('mall.noGoods')} />
          ) : (
            <div className="mall-grid">
              {goods.map((g) => (
                <GoodsCard key={g.id} goods={g} onOpen={() => open(g.id)} />
              ))}
            </div>
          )}
        </>
      )}
    </div>
  );
}
