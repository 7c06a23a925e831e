import type { GoodsItem } from '@simshop/contract/goods';
import { Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Price } from '../../../components/price.tsx';
import './goods.css';

/** One good in a two-column grid: image, name, summary, price (crossed-out list price) and sales or sold out. */
export function GoodsCard({ goods, onOpen }: { goods: GoodsItem; onOpen: () => void }) {
  const { t } = useTranslation();
  return (
    <button type="button" className={`goods-tile${goods.soldOut ? ' sold-out' : ''}`} onClick={onOpen} data-goods-id={goods.id}>
      <span className="goods-tile-img">
        <img src={goods.image} alt="" width={160} height={160} loading="lazy" />
        {goods.soldOut ? <span className="goods-tile-badge">{t('goods.soldOut')}</span> : null}
      </span>
      <span className="goods-tile-name" data-user-text>
        {goods.name}
      </span>
      <span className="goods-tile-summary muted" data-user-text>
        {goods.summary}
      </span>
      <span className="goods-tile-price">
        <Price fen={goods.price} size="md" />
        {goods.originalPrice > goods.price ? <span className="price-old">¥{(goods.originalPrice / 100).toFixed(2)}</span> : null}
      </span>
      <span className="goods-tile-sold muted">{t('goods.sold', { count: goods.sold })}</span>
    </button>
  );
}

export function GoodsGrid({ items, onOpen }: { items: GoodsItem[]; onOpen: (g: GoodsItem) => void }) {
  return (
    <div className="goods-grid">
      {items.map((g) => (
        <GoodsCard key={g.id} goods={g} onOpen={() => onOpen(g)} />
      ))}
    </div>
  );
}

/** Placeholder tiles while goods load. */
export function GoodsSkeleton({ count = 4 }: { count?: number }) {
  return (
    <div className="goods-grid" aria-busy="true">
      {[0, 1, 2, 3].slice(0, count).map((i) => (
        <div key={i} className="goods-tile">
          <Skeleton animated style={{ '--width': '100%', '--height': '140px', '--border-radius': '0' }} />
          <Skeleton animated style={{ '--width': '80%', '--height': '14px', margin: '8px 10px 0' }} />
          <Skeleton animated style={{ '--width': '40%', '--height': '18px', margin: '8px 10px 0' }} />
        </div>
      ))}
    </div>
  );
}

export const goodsPage = (id: number) => `/pages/goods/general/index?id=${id}`;
