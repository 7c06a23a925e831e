import { ErrorBlock, InfiniteScroll, Tabs } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGoodsList } from '../../features/goods/api/goods-list.ts';
import { GoodsGrid, GoodsSkeleton, goodsPage } from '../../features/goods/components/goods-card.tsx';
import { navigateTo } from '../../lib/nav.ts';
import '../../components/shop.css';
import './index.css';

/** All general goods of the storefront, by category, page after page. */
export default function GoodsPage() {
  const { t } = useTranslation();
  const [category, setCategory] = useState<number | ''>('');
  const list = useGoodsList(category);
  const first = list.data?.pages[0];
  const items = list.data?.pages.flatMap((p) => p.list) ?? [];
  const categories = first?.categories ?? [];

  return (
    <div className="goods-page">
      <button type="button" className="goods-fast" onClick={() => void navigateTo('/pages/goods/fastNumber/index')}>
        <span className="goods-fast-text">
          <b>{t('fastNumber.promoTitle')}</b>
          <span>{t('fastNumber.promoText')}</span>
        </span>
        <span className="goods-fast-go">{t('fastNumber.applyNow')}</span>
      </button>
      <Tabs className="goods-tabs" activeKey={String(category || 'all')} onChange={(key) => setCategory(key === 'all' ? '' : Number(key))}>
        <Tabs.Tab key="all" title={t('goods.all')} />
        {categories.map((c) => (
          <Tabs.Tab key={String(c.id)} title={<span data-user-text>{c.name}</span>} />
        ))}
      </Tabs>
      {list.isPending ? (
        <GoodsSkeleton />
      ) : items.length === 0 ? (
        <ErrorBlock status="empty" title={t('goods.none')} description={t('goods.noneHint')} />
      ) : (
        <>
          <GoodsGrid items={items} onOpen={(g) => void navigateTo(goodsPage(g.id))} />
          <InfiniteScroll
            threshold={50}
            hasMore={!!list.hasNextPage}
            loadMore={async () => {
              const result = await list.fetchNextPage();
              if (result.isError) throw result.error;
            }}
          >
            {(hasMore) => <span className="muted">{hasMore ? t('common.loading') : t('goods.end')}</span>}
          </InfiniteScroll>
        </>
      )}
    </div>
  );
}
