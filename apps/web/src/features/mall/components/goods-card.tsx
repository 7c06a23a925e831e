import type { MallGoods } from '@simshop/contract/mall';
import { useTranslation } from 'react-i18next';
import { PointsPrice } from './points-price.tsx';
import { TapCard } from './tap-card.tsx';

/** A good in the mall's grid: picture, name, what it costs and how many went. */
export function GoodsCard({ goods, onOpen }: { goods: MallGoods; onOpen: () => void }) {
  const { t } = useTranslation();
  return (
    <TapCard className="mall-goods" label={goods.name} onOpen={onOpen} testId={`mall-goods-${goods.id}`}>
      <span className="mall-goods-pic">
        <img src={goods.image} alt="" loading="lazy" width={160} height={160} />
        {goods.tag ? <em className="mall-tag">{goods.tag}</em> : null}
        {goods.stock === 0 ? <span className="mall-soldout">{t('mall.soldOut')}</span> : null}
      </span>
      <span className="mall-goods-name">{goods.name}</span>
      <PointsPrice points={goods.points} price={goods.price} size="sm" />
      <span className="mall-goods-meta">{t('mall.redeemed', { count: goods.sold })}</span>
    </TapCard>
  );
}
