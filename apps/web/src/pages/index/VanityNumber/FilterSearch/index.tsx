import type { NumberFilterOptions } from '@simshop/contract/numbers';
import { Badge, CapsuleTabs } from 'antd-mobile';
import { DownFill, FilterOutline } from 'antd-mobile-icons';
import { lazy, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDictOptions } from '../../../../features/site/api/dict-options.ts';
import { FirstOpen } from '../../../../lib/after-paint.tsx';
import { priceRangeLabel } from './price.ts';
import type { Sheet } from './sheets.tsx';
import { FEATURED_OPERATOR, type Filters, moreCount } from './types.ts';
import './index.css';

// The sheets (antd-mobile's Popup with its animation and gesture libraries) load on the first tap.
const FilterSheets = lazy(() => import('./sheets.tsx'));

/** Operator filter options (spec §4): All (empty), Featured -99 only when front.suggest, then the dictionary. */
export function useOperatorOptions(suggest: boolean): { label: string; value: string }[] {
  const { t } = useTranslation();
  const dict = useDictOptions(['operator_type']);
  return useMemo(
    () => [
      { label: t('shop.filter.all'), value: '' },
      ...(suggest ? [{ label: t('shop.filter.featured'), value: FEATURED_OPERATOR }] : []),
      ...(dict.data?.operator_type ?? []).map((o) => ({ label: o.label, value: o.value })),
    ],
    [t, suggest, dict.data],
  );
}

/** The filter head of the number list: operator tabs, then region, sort, price and more filters. */
export function FilterSearch({
  filters,
  suggest,
  options,
  onChange,
}: {
  filters: Filters;
  suggest: boolean;
  options: NumberFilterOptions | undefined;
  onChange: (next: Partial<Filters>) => void;
}) {
  const { t } = useTranslation();
  const operators = useOperatorOptions(suggest);
  const [sheet, setSheet] = useState<Sheet>(null);
  const close = () => setSheet(null);

  const regionLabel = filters.region ? filters.region.cityName || filters.region.provinceName : t('shop.filter.allRegions');
  const priceSet = filters.minPrice !== null || filters.maxPrice !== null;
  const priceLabel = priceSet ? priceRangeLabel(t, filters.minPrice, filters.maxPrice) : t('shop.filter.price');
  const count = moreCount(filters);
  // The operator capsules scroll sideways; keyboard users reach the scrolling list (antd renders it without a tab stop).
  const tabsRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    tabsRef.current?.querySelector('.adm-capsule-tabs-tab-list')?.setAttribute('tabindex', '0');
  });

  return (
    <div className="filter-search" ref={tabsRef}>
      <CapsuleTabs activeKey={filters.operator || 'all'} onChange={(key) => onChange({ operator: key === 'all' ? '' : key, segment: '' })}>
        {operators.map((o) => (
          <CapsuleTabs.Tab key={o.value || 'all'} title={o.label} />
        ))}
      </CapsuleTabs>
      <div className="filter-bar">
        <button type="button" className={`filter-bar-item${filters.region ? ' on' : ''}`} onClick={() => setSheet('region')}>
          <span className="filter-bar-text">{regionLabel}</span>
          <DownFill fontSize={8} />
        </button>
        {/* The bar shows the sort's short name (the full one does not fit a quarter of a phone), and is named by the full one. */}
        <button
          type="button"
          className={`filter-bar-item${filters.sort !== 'default' ? ' on' : ''}`}
          aria-label={t(`shop.sort.${filters.sort}`)}
          onClick={() => setSheet('sort')}
        >
          <span className="filter-bar-text">{t(`shop.sortShort.${filters.sort}`)}</span>
          <DownFill fontSize={8} />
        </button>
        <button type="button" className={`filter-bar-item${priceSet ? ' on' : ''}`} onClick={() => setSheet('price')}>
          <span className="filter-bar-text">{priceLabel}</span>
          <DownFill fontSize={8} />
        </button>
        <button type="button" className={`filter-bar-item${count ? ' on' : ''}`} onClick={() => setSheet('more')}>
          <Badge content={count || null} style={{ '--right': '-6px', '--top': '2px' }}>
            <span className="filter-bar-text">{t('shop.filter.more')}</span>
          </Badge>
          <FilterOutline fontSize={13} />
        </button>
      </div>

      <FirstOpen open={sheet !== null}>
        <FilterSheets sheet={sheet} filters={filters} options={options} onChange={onChange} onClose={close} />
      </FirstOpen>
    </div>
  );
}
