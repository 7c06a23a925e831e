import { Button, InfiniteScroll, PullToRefresh } from 'antd-mobile';
import { AppstoreOutline, BellOutline, FireFill, UnorderedListOutline } from 'antd-mobile-icons';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useIpLocation } from '../../../features/numbers/api/ip-location.ts';
import { useNumberFilters } from '../../../features/numbers/api/number-filters.ts';
import { useNumberList } from '../../../features/numbers/api/number-list.ts';
import { NumberResults } from '../../../features/numbers/components/number-results.tsx';
import { NumberSkeleton } from '../../../features/numbers/components/number-skeleton.tsx';
import { effectiveArrange, useHomeView } from '../../../features/numbers/stores/home-view.ts';
import { useBaseConfig } from '../../../features/site/api/base-config.ts';
import { navigateTo } from '../../../lib/nav.ts';
import { isSet } from '../../../lib/query.ts';
import { useSession } from '../../../lib/session.ts';
import { FilterSearch } from './FilterSearch/index.tsx';
import { EMPTY_FILTERS, type Filters, toQuery } from './FilterSearch/types.ts';
import { HeadSearch, type SearchMode } from './HeadSearch/index.tsx';
import '../../../components/shop.css';
import './index.css';

/** The failed and empty states' illustration: loaded only when the list shows one; their text shows meanwhile. */
const ErrorBlock = lazy(() => import('../../../components/error-view.tsx'));

const digits = (value: string | null, max: number) => (value ?? '').replace(/\D/g, '').slice(0, max);

/** Filters a link may preset: ?keyword=888&mode=endsWith, ?operator=4, ?pattern=AAAA. */
function initialFilters(params: URLSearchParams): Filters {
  const mode = params.get('mode') === 'endsWith' ? 'endsWith' : 'contains';
  const keyword = digits(params.get('keyword'), mode === 'endsWith' ? 8 : 11);
  return {
    ...EMPTY_FILTERS,
    operator: params.get('operator') ?? '',
    pattern: params.get('pattern') ?? '',
    contains: mode === 'contains' ? keyword : '',
    endsWith: mode === 'endsWith' ? keyword : digits(params.get('endsWith'), 8),
  };
}

export default function VanityNumberPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const config = useBaseConfig();
  const promoCode = useSession((s) => s.carried.promoCode);
  const showHotSearch = useSession((s) => isSet(s.carried.showHotSearch));
  const arrange = effectiveArrange(useHomeView((s) => s.indexArrange));
  const setArrange = useHomeView((s) => s.setArrange);
  const options = useNumberFilters();
  const ip = useIpLocation();

  const [filters, setFilters] = useState<Filters>(() => initialFilters(params));
  /** The region stays the IP's (spec: default region filter) until the visitor picks one. */
  const [regionPicked, setRegionPicked] = useState(false);
  const ipRegion = ip.data?.province
    ? { province: ip.data.province, provinceName: ip.data.provinceName, city: ip.data.city, cityName: ip.data.cityName }
    : null;
  const effective: Filters = regionPicked ? filters : { ...filters, region: ipRegion };
  const ready = regionPicked || !ip.isPending;

  const list = useNumberList(toQuery(effective, promoCode), ready);
  const items = list.data?.pages.flatMap((p) => p.list) ?? [];
  const first = list.data?.pages[0];
  const search = { endsWith: effective.endsWith, contains: effective.contains };

  const change = (next: Partial<Filters>) => {
    if ('region' in next) setRegionPicked(true);
    setFilters((f) => ({ ...(regionPicked ? f : { ...f, region: ipRegion }), ...next }));
  };
  const onSearch = (mode: SearchMode, keyword: string) =>
    change(mode === 'endsWith' ? { endsWith: keyword, contains: '' } : { contains: keyword, endsWith: '' });
  const open = (number: string) => void navigateTo(`/pages/goods/pretty/index?number=${number}`);
  /** An alert for what the visitor is searching for (login first if needed). */
  const watch = () => {
    const q = new URLSearchParams();
    if (effective.endsWith) q.set('endsWith', effective.endsWith);
    if (effective.pattern) q.set('pattern', effective.pattern);
    if (/^[1-4]$/.test(effective.operator)) q.set('operator', effective.operator);
    if (effective.region?.province) q.set('province', effective.region.province);
    if (effective.maxPrice) q.set('maxPrice', String(effective.maxPrice));
    void navigateTo(`/pages/index/VanityNumber/watch?${q}`);
  };

  const hot = showHotSearch ? (options.data?.hotSearches ?? []) : [];
  const hotLabel = (h: (typeof hot)[number]) =>
    h.field === 'pattern' ? t(`shop.pattern.${h.value}`, { defaultValue: h.label }) : t(`shop.hot.${h.field}`, { value: h.value });

  return (
    <div className="vanity">
      <div className="vanity-sticky">
        <HeadSearch
          mode={effective.endsWith ? 'endsWith' : 'contains'}
          keyword={effective.endsWith || effective.contains}
          onSearch={onSearch}
        />
        {hot.length > 0 ? (
          <div className="hot-row">
            <span className="hot-title">
              <FireFill /> {t('shop.hot.title')}
            </span>
            {hot.map((h) => (
              <button
                key={`${h.field}:${h.value}`}
                type="button"
                className="hot-chip"
                onClick={() =>
                  change(
                    h.field === 'pattern'
                      ? { pattern: h.value }
                      : h.field === 'endsWith'
                        ? { endsWith: h.value, contains: '' }
                        : { contains: h.value, endsWith: '' },
                  )
                }
              >
                {hotLabel(h)}
              </button>
            ))}
          </div>
        ) : null}
        <FilterSearch filters={effective} suggest={config?.front.suggest ?? false} options={options.data} onChange={change} />
      </div>

      <PullToRefresh
        onRefresh={async () => {
          await list.refetch();
        }}
        pullingText={t('shop.refresh.pulling')}
        canReleaseText={t('shop.refresh.release')}
        refreshingText={t('shop.refresh.refreshing')}
        completeText={t('shop.refresh.done')}
      >
        <div className="vanity-summary">
          <span className="muted" aria-live="polite">
            {first
              ? first.totalCapped
                ? t('shop.numbers.countCapped', { count: first.total })
                : t('shop.numbers.count', { count: first.total })
              : '\u00a0'}
          </span>
          <button type="button" className="watch-link" onClick={watch}>
            <BellOutline /> {t('shop.numbers.watch')}
          </button>
          <span className="arrange-switch">
            <button type="button" aria-pressed={arrange === 1} aria-label={t('shop.numbers.asList')} onClick={() => setArrange(1)}>
              <UnorderedListOutline />
            </button>
            <button type="button" aria-pressed={arrange === 2} aria-label={t('shop.numbers.asGrid')} onClick={() => setArrange(2)}>
              <AppstoreOutline />
            </button>
          </span>
        </div>

        {!ready || list.isPending ? (
          <NumberSkeleton arrange={arrange} />
        ) : list.isError && items.length === 0 ? (
          <div className="empty-wrap">
            <Suspense fallback={<p className="muted">{t('shop.numbers.loadFailed')}</p>}>
              <ErrorBlock status="disconnected" title={t('shop.numbers.loadFailed')} description="" />
            </Suspense>
            <Button color="primary" size="small" onClick={() => void list.refetch()}>
              {t('common.retry')}
            </Button>
          </div>
        ) : items.length === 0 ? (
          <div className="empty-wrap">
            <Suspense fallback={<p className="muted">{t('shop.numbers.none')}</p>}>
              <ErrorBlock status="empty" title={t('shop.numbers.none')} description={t('shop.numbers.noneHint')} />
            </Suspense>
            <Button
              shape="rounded"
              color="primary"
              fill="outline"
              onClick={() => {
                setRegionPicked(true);
                setFilters(EMPTY_FILTERS);
              }}
            >
              {t('shop.numbers.clearFilters')}
            </Button>
            <Button shape="rounded" color="primary" onClick={watch}>
              <BellOutline /> {t('shop.numbers.watch')}
            </Button>
          </div>
        ) : (
          <>
            <NumberResults items={items} arrange={arrange} search={search} onOpen={open} />
            <InfiniteScroll
              threshold={50}
              hasMore={!!list.hasNextPage}
              loadMore={async () => {
                const result = await list.fetchNextPage();
                if (result.isError) throw result.error;
              }}
            >
              {(hasMore, failed, retry) =>
                failed ? (
                  <button type="button" className="link-more" onClick={retry}>
                    {t('shop.numbers.loadMoreFailed')}
                  </button>
                ) : hasMore ? (
                  <span className="muted">{t('common.loading')}</span>
                ) : (
                  <span className="muted">{t('shop.numbers.end')}</span>
                )
              }
            </InfiniteScroll>
          </>
        )}
      </PullToRefresh>
    </div>
  );
}
