import type { NumberFilterOptions } from '@simshop/contract/numbers';
import { PATTERN_TAGS } from '@simshop/contract/numbers-terms';
import { Button, Popup, Selector, Switch } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Input } from '../../../../components/text-input.tsx';
import { priceRangeLabel } from './price.ts';
import { FEATURED_OPERATOR, type Filters } from './types.ts';

const digitsOnly = (value: string, max: number) => value.replace(/\D/g, '').slice(0, max);

/** More filters: number segment, pattern, ends with, contains, no digit 4 and price; applied together. */
export function MorePopup({
  visible,
  filters,
  options,
  onClose,
  onApply,
}: {
  visible: boolean;
  filters: Filters;
  options: NumberFilterOptions | undefined;
  onClose: () => void;
  onApply: (next: Partial<Filters>) => void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(filters);
  useEffect(() => {
    if (visible) setDraft(filters);
  }, [visible, filters]);
  const set = (next: Partial<Filters>) => setDraft((d) => ({ ...d, ...next }));

  const operator = draft.operator === FEATURED_OPERATOR ? '' : draft.operator;
  const segments = (options?.segments ?? []).filter((s) => !operator || s.operator === operator).map((s) => s.segment);
  const uniqueSegments = [...new Set(segments)].sort();
  const priceKey = draft.minPrice !== null || draft.maxPrice !== null ? `${draft.minPrice ?? ''}-${draft.maxPrice ?? ''}` : '';

  return (
    <Popup
      visible={visible}
      position="right"
      onMaskClick={onClose}
      onClose={onClose}
      bodyClassName="more-popup"
      bodyStyle={{ width: '86vw', maxWidth: 420 }}
    >
      <div className="more-scroll">
        <div className="filter-sheet-title">{t('shop.filter.moreTitle')}</div>

        <section className="more-section">
          <h3>{t('shop.filter.endsWith')}</h3>
          <Input
            className="more-input"
            inputMode="numeric"
            aria-label={t('shop.filter.endsWith')}
            placeholder={t('shop.filter.endsWithHint')}
            value={draft.endsWith}
            onChange={(v) => set({ endsWith: digitsOnly(v, 8) })}
            clearable
          />
        </section>

        <section className="more-section">
          <h3>{t('shop.filter.contains')}</h3>
          <Input
            className="more-input"
            inputMode="numeric"
            aria-label={t('shop.filter.contains')}
            placeholder={t('shop.filter.containsHint')}
            value={draft.contains}
            onChange={(v) => set({ contains: digitsOnly(v, 11) })}
            clearable
          />
        </section>

        <section className="more-section more-row">
          <h3>{t('shop.filter.exclude4')}</h3>
          <Switch checked={draft.exclude4} onChange={(exclude4) => set({ exclude4 })} aria-label={t('shop.filter.exclude4')} />
        </section>

        <section className="more-section">
          <h3>{t('shop.filter.pattern')}</h3>
          <Selector
            columns={3}
            value={draft.pattern ? [draft.pattern] : []}
            onChange={(v) => set({ pattern: v[0] ?? '' })}
            options={PATTERN_TAGS.map((tag) => ({ label: t(`shop.pattern.${tag}`), value: tag }))}
          />
        </section>

        {uniqueSegments.length > 0 ? (
          <section className="more-section">
            <h3>{t('shop.filter.segment')}</h3>
            <Selector
              columns={4}
              value={draft.segment ? [draft.segment] : []}
              onChange={(v) => set({ segment: v[0] ?? '' })}
              options={uniqueSegments.map((s) => ({ label: s, value: s }))}
            />
          </section>
        ) : null}

        <section className="more-section">
          <h3>{t('shop.filter.price')}</h3>
          <Selector
            columns={2}
            value={priceKey ? [priceKey] : []}
            onChange={(v) => {
              const key = v[0];
              if (!key) return set({ minPrice: null, maxPrice: null });
              const [min = '', max = ''] = key.split('-');
              set({ minPrice: min === '' ? null : Number(min), maxPrice: max === '' ? null : Number(max) });
            }}
            options={(options?.priceRanges ?? []).map((r) => ({
              label: priceRangeLabel(t, r.min, r.max),
              value: `${r.min ?? ''}-${r.max ?? ''}`,
            }))}
          />
        </section>
      </div>
      <div className="more-actions">
        <Button
          block
          shape="rounded"
          onClick={() => set({ segment: '', pattern: '', contains: '', endsWith: '', exclude4: false, minPrice: null, maxPrice: null })}
        >
          {t('shop.filter.reset')}
        </Button>
        <Button
          block
          shape="rounded"
          color="primary"
          onClick={() =>
            onApply({
              segment: draft.segment,
              pattern: draft.pattern,
              contains: draft.contains,
              endsWith: draft.endsWith,
              exclude4: draft.exclude4,
              minPrice: draft.minPrice,
              maxPrice: draft.maxPrice,
            })
          }
        >
          {t('shop.filter.apply')}
        </Button>
      </div>
    </Popup>
  );
}
