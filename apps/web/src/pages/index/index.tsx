import { Button, Grid, Skeleton } from 'antd-mobile';
import { RightOutline, SearchOutline } from 'antd-mobile-icons';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PlainInput } from '../../components/text-field.tsx';
import { useGoodsList } from '../../features/goods/api/goods-list.ts';
import { GoodsGrid, GoodsSkeleton, goodsPage } from '../../features/goods/components/goods-card.tsx';
import { useNumberList } from '../../features/numbers/api/number-list.ts';
import { NumberResults } from '../../features/numbers/components/number-results.tsx';
import { NumberSkeleton } from '../../features/numbers/components/number-skeleton.tsx';
import {
  type Arrange,
  effectiveArrange,
  effectiveFirstGroup,
  type FirstGroup,
  firstGroupFromQuery,
  useHomeView,
} from '../../features/numbers/stores/home-view.ts';
import { useBaseConfig } from '../../features/site/api/base-config.ts';
import { Carousel } from '../../features/site/components/carousel.tsx';
import { ShopFooter } from '../../features/site/components/shop-footer.tsx';
import { ShopHeader } from '../../features/site/components/shop-header.tsx';
import { openLink } from '../../features/site/open-link.ts';
import { knowsPage, navigateTo, reLaunch } from '../../lib/nav.ts';
import { useSession } from '../../lib/session.ts';
import '../../components/shop.css';
import './index.css';

const NUMBERS_PAGE = '/pages/index/VanityNumber/index';
const IOT_LOGIN = '/pages/iot/login/index';
const PREVIEW = 6;
const GOODS_PREVIEW = 4;

function HomeSearch() {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const query = keyword ? `?keyword=${keyword}&mode=contains` : '';
    void navigateTo(`${NUMBERS_PAGE}${query}`);
  };
  return (
    <form className="home-search" onSubmit={submit}>
      <SearchOutline />
      <PlainInput
        type="search"
        inputMode="numeric"
        enterKeyHint="search"
        aria-label={t('home.search')}
        placeholder={t('home.search')}
        value={keyword}
        maxLength={11}
        onChange={(e) => setKeyword(e.target.value.replace(/\D/g, '').slice(0, 11))}
      />
      <button type="submit" className="home-search-go">
        {t('shop.search.go')}
      </button>
    </form>
  );
}

/** The numbers group: a few lucky picks of this storefront and the way to all of them. */
function NumbersGroup({ suggest, arrange, onArrange }: { suggest: boolean; arrange: Arrange; onArrange: (a: Arrange) => void }) {
  const { t } = useTranslation();
  const promoCode = useSession((s) => s.carried.promoCode);
  const list = useNumberList({ promoCode, operator: suggest ? '-99' : '' });
  const items = (list.data?.pages[0]?.list ?? []).slice(0, PREVIEW);
  const open = (number: string) => void navigateTo(`/pages/goods/pretty/index?number=${number}`);
  return (
    <section className="home-group" aria-label={t('home.numbers')}>
      <div className="section-head home-section-head">
        <h2>{suggest ? t('shop.home.featuredPicks') : t('shop.home.picks')}</h2>
        <span className="arrange-mini">
          <button type="button" aria-pressed={arrange === 1} onClick={() => onArrange(1)}>
            {t('shop.numbers.asList')}
          </button>
          <button type="button" aria-pressed={arrange === 2} onClick={() => onArrange(2)}>
            {t('shop.numbers.asGrid')}
          </button>
        </span>
      </div>
      {list.isPending ? <NumberSkeleton arrange={arrange} count={4} /> : <NumberResults items={items} arrange={arrange} onOpen={open} />}
      <div className="home-more">
        <Button block shape="rounded" className="btn-hot" onClick={() => void navigateTo(NUMBERS_PAGE)}>
          {t('shop.home.allNumbers')}
        </Button>
      </div>
    </section>
  );
}

/** The goods group: the storefront's general goods, with the number shop and the IoT self-service beside them. */
function GoodsGroup() {
  const { t } = useTranslation();
  const list = useGoodsList();
  const items = (list.data?.pages[0]?.list ?? []).slice(0, GOODS_PREVIEW);
  const entries = [
    {
      key: 'numbers',
      link: NUMBERS_PAGE,
      title: t('shop.home.goodsNumbers'),
      text: t('shop.home.goodsNumbersText'),
      badge: t('shop.home.hot'),
    },
    ...(knowsPage(IOT_LOGIN) ? [{ key: 'iot', link: IOT_LOGIN, title: t('home.iot'), text: t('home.iotHint'), badge: '' }] : []),
  ];
  return (
    <section className="home-group" aria-label={t('home.goods')}>
      {list.isPending ? (
        <GoodsSkeleton count={2} />
      ) : items.length > 0 ? (
        <>
          <GoodsGrid items={items} onOpen={(g) => void navigateTo(goodsPage(g.id))} />
          <div className="home-more">
            <Button block shape="rounded" className="btn-hot" onClick={() => void navigateTo('/pages/goods/index')}>
              {t('goods.allGoods')}
            </Button>
          </div>
        </>
      ) : null}
      <div className="home-entries">
        {entries.map((g) => (
          <button key={g.key} type="button" className={`goods-card goods-${g.key}`} onClick={() => openLink(g.link)}>
            <span className="goods-art" aria-hidden="true">
              {g.key === 'numbers' ? '888' : 'IoT'}
            </span>
            <span className="goods-text">
              <span className="goods-title">
                {g.title}
                {g.badge ? <span className="chip-tag">{g.badge}</span> : null}
              </span>
              <span className="muted">{g.text}</span>
            </span>
            <RightOutline />
          </button>
        ))}
      </div>
    </section>
  );
}

/** The default home: the storefront's header, carousel, shortcuts and groups (spec §2 /pages/index/default). */
export function DefaultHome() {
  const { t } = useTranslation();
  const config = useBaseConfig();
  const [params] = useSearchParams();
  const local = useHomeView((s) => s.indexFirstGroup);
  const setFirstGroup = useHomeView((s) => s.setFirstGroup);
  const arrange = effectiveArrange(useHomeView((s) => s.indexArrange));
  const setArrange = useHomeView((s) => s.setArrange);
  const markLaunchSaved = useHomeView((s) => s.markLaunchSaved);

  // The web build has no mini-program user to look up: the launch is saved at once (spec §4).
  useEffect(() => markLaunchSaved(), [markLaunchSaved]);
  // ?indexFirstGroup=1|2 (e.g. "back to shop" of the §8 dialogs) becomes the visitor's choice.
  const fromQuery = firstGroupFromQuery(params.get('indexFirstGroup'));
  useEffect(() => {
    if (fromQuery) setFirstGroup(fromQuery);
  }, [fromQuery, setFirstGroup]);

  if (!config) {
    return (
      <div className="card">
        <Skeleton.Title animated />
        <Skeleton.Paragraph lineCount={5} animated />
      </div>
    );
  }
  const { front } = config;
  const group: FirstGroup = fromQuery ?? effectiveFirstGroup(local, front.indexFirstGroup);
  const fastNav = front.fastNav.filter((item) => knowsPage(item.link));
  const groups: { value: FirstGroup; label: string }[] = [
    { value: 1, label: t('home.numbers') },
    { value: 2, label: t('home.goods') },
  ];
  return (
    <div className="home">
      <div className="home-top">
        <ShopHeader front={front} />
        {front.indexSearch ? <HomeSearch /> : null}
      </div>
      <Carousel items={front.indexCarousel} />
      {fastNav.length > 0 ? (
        <div className="card home-fastnav">
          <Grid columns={4} gap={8}>
            {fastNav.map((item) => (
              <Grid.Item key={item.link + item.title}>
                <button type="button" className="fastnav-item" onClick={() => openLink(item.link)}>
                  <img src={item.icon} alt="" width={40} height={40} />
                  <span>{item.title}</span>
                </button>
              </Grid.Item>
            ))}
          </Grid>
        </div>
      ) : null}
      <div className="home-groups" role="tablist" aria-label={t('shop.home.groups')}>
        {groups.map((g) => (
          <button
            key={g.value}
            type="button"
            role="tab"
            aria-selected={group === g.value}
            className="home-group-tab"
            onClick={() => setFirstGroup(g.value)}
          >
            {g.label}
          </button>
        ))}
      </div>
      {group === 1 ? <NumbersGroup suggest={front.suggest} arrange={arrange} onArrange={setArrange} /> : <GoodsGroup />}
      <ShopFooter front={front} />
    </div>
  );
}

const SINGLE_HOME = '/pages-sub/single/index';

/** Home (spec §2): the featured single page when a page code is set, otherwise the default home. */
export default function HomePage() {
  const pageCode = useSession((s) => s.carried.pageCode);
  useEffect(() => {
    if (pageCode) void reLaunch(`${SINGLE_HOME}?pageCode=${encodeURIComponent(pageCode)}`).catch(() => undefined);
  }, [pageCode]);
  return pageCode ? null : <DefaultHome />;
}
