import type { NumberFilterOptions } from '@simshop/contract/numbers';
import { CheckList, Popup } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { FullPopup } from './fullPopup.tsx';
import { MorePopup } from './morePopup.tsx';
import { priceRangeLabel } from './price.ts';
import type { Filters, Region, Sort } from './types.ts';

export type Sheet = 'region' | 'sort' | 'price' | 'more' | null;

const SORTS: Sort[] = ['default', 'price_asc', 'price_desc'];

/** The filter head's sheets: region, sort, price and more filters, one open at a time. */
export default function FilterSheets({
  sheet,
  filters,
  options,
  onChange,
  onClose: close,
}: {
  sheet: Sheet;
  filters: Filters;
  options: NumberFilterOptions | undefined;
  onChange: (next: Partial<Filters>) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const priceSet = filters.minPrice !== null || filters.maxPrice !== null;
  return (
    <>
      <FullPopup
        visible={sheet === 'region'}
        value={filters.region}
        onClose={close}
        onSelect={(region: Region | null) => {
          onChange({ region });
          close();
        }}
      />

      <Popup visible={sheet === 'sort'} onMaskClick={close} onClose={close} bodyClassName="filter-sheet">
        <div className="filter-sheet-title">{t('shop.filter.sortTitle')}</div>
        <CheckList
          value={[filters.sort]}
          onChange={(v) => {
            const sort = (v[0] as Sort | undefined) ?? 'default';
            onChange({ sort });
            close();
          }}
        >
          {SORTS.map((s) => (
            <CheckList.Item key={s} value={s}>
              {t(`shop.sort.${s}`)}
            </CheckList.Item>
          ))}
        </CheckList>
      </Popup>

      <Popup visible={sheet === 'price'} onMaskClick={close} onClose={close} bodyClassName="filter-sheet">
        <div className="filter-sheet-title">{t('shop.filter.priceTitle')}</div>
        <CheckList
          value={[priceSet ? `${filters.minPrice ?? ''}-${filters.maxPrice ?? ''}` : 'any']}
          onChange={(v) => {
            const key = String(v[0] ?? 'any');
            if (key === 'any') onChange({ minPrice: null, maxPrice: null });
            else {
              const [min = '', max = ''] = key.split('-');
              onChange({ minPrice: min === '' ? null : Number(min), maxPrice: max === '' ? null : Number(max) });
            }
            close();
          }}
        >
          <CheckList.Item value="any">{t('shop.filter.priceAny')}</CheckList.Item>
          {(options?.priceRanges ?? []).map((r) => (
            <CheckList.Item key={`${r.min ?? ''}-${r.max ?? ''}`} value={`${r.min ?? ''}-${r.max ?? ''}`}>
              {priceRangeLabel(t, r.min, r.max)}
            </CheckList.Item>
          ))}
        </CheckList>
      </Popup>

      <MorePopup
        visible={sheet === 'more'}
        filters={filters}
        options={options}
        onClose={close}
        onApply={(next) => {
          onChange(next);
          close();
        }}
      />
    </>
  );
}
