import { MAX_NUMBER_WATCHES, type NumberWatch } from '@simshop/contract/number-watch';
import { PATTERN_TAGS } from '@simshop/contract/numbers-terms';
import { useQueryClient } from '@tanstack/react-query';
import { Button, ErrorBlock, Skeleton, Tag } from 'antd-mobile';
import { BellOutline, DeleteOutline } from 'antd-mobile-icons';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PrettyNumber } from '../../../components/pretty-number.tsx';
import { Price } from '../../../components/price.tsx';
import { useNumberFilters } from '../../../features/numbers/api/number-filters.ts';
import {
  createNumberWatch,
  deleteNumberWatch,
  markNumberWatchesSeen,
  NUMBER_WATCH_KEY,
  useNumberWatches,
} from '../../../features/numbers/api/number-watch.ts';
import { formatDate } from '../../../lib/datetime.ts';
import { Dialog, Toast } from '../../../lib/feedback.ts';
import { yuan } from '../../../lib/money.ts';
import { navigateTo } from '../../../lib/nav.ts';
import { useSession } from '../../../lib/session.ts';
import '../../../components/shop.css';
import './watch.css';
import { Input } from '../../../components/text-input.tsx';

interface Draft {
  endsWith: string;
  pattern: string;
  operator: string;
  province: string;
  maxYuan: string;
}

const digitsOf = (v: string | null, max: number) => (v ?? '').replace(/\D/g, '').slice(0, max);

/** A link from the number search presets the alert with its filters. */
function draftOf(params: URLSearchParams): Draft {
  const pattern = params.get('pattern') ?? '';
  const fen = Number(digitsOf(params.get('maxPrice'), 11));
  return {
    endsWith: digitsOf(params.get('endsWith'), 8),
    pattern: (PATTERN_TAGS as readonly string[]).includes(pattern) ? pattern : '',
    operator: /^[1-4]$/.test(params.get('operator') ?? '') ? params.get('operator')! : '',
    province: digitsOf(params.get('province'), 6),
    maxYuan: fen > 0 ? String(fen / 100) : '',
  };
}

/** The alert's terms in words: "ends in 8888 · AAAA · China Mobile · Guangdong · up to ¥2,000". */
function useTerms() {
  const { t } = useTranslation();
  const options = useNumberFilters().data;
  return (w: Pick<NumberWatch, 'endsWith' | 'pattern' | 'operator' | 'province' | 'maxPrice'>) =>
    [
      w.endsWith ? t('watch.endsWith', { digits: w.endsWith }) : '',
      w.pattern ? t(`shop.pattern.${w.pattern}`) : '',
      w.operator ? (options?.operators.find((o) => o.value === w.operator)?.label ?? '') : '',
      w.province ? (options?.provinces.find((p) => p.code === w.province)?.name ?? '') : '',
      w.maxPrice > 0 ? t('watch.upTo', { amount: yuan(w.maxPrice) }) : '',
    ].filter(Boolean);
}

function WatchForm({ onSaved }: { onSaved: () => void }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const promoCode = useSession((s) => s.carried.promoCode);
  const options = useNumberFilters().data;
  const [draft, setDraft] = useState<Draft>(() => draftOf(params));
  const [saving, setSaving] = useState(false);
  const set = (change: Partial<Draft>) => setDraft((d) => ({ ...d, ...change }));
  const ready = draft.endsWith.length >= 2 || draft.pattern !== '';
  const operators = (options?.operators ?? []).filter((o) => /^[1-4]$/.test(o.value));

  const save = async () => {
    const maxPrice = draft.maxYuan ? Math.round(Number(draft.maxYuan) * 100) : 0;
    if (!Number.isFinite(maxPrice) || maxPrice < 0) {
      Toast.show({ content: t('watch.priceInvalid') });
      return;
    }
    setSaving(true);
    try {
      await createNumberWatch({
        promoCode,
        endsWith: draft.endsWith,
        pattern: draft.pattern as NumberWatch['pattern'] & (typeof PATTERN_TAGS)[number],
        operator: draft.operator as '1' | '2' | '3' | '4' | '',
        province: draft.province,
        maxPrice,
      });
      Toast.show({ icon: 'success', content: t('watch.saved') });
      setDraft({ endsWith: '', pattern: '', operator: '', province: '', maxYuan: '' });
      onSaved();
    } catch {
      // request.ts showed the server's reason.
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className="card watch-form" aria-labelledby="watch-new">
      <h2 id="watch-new" className="section-title">
        {t('watch.new')}
      </h2>
      <div className="watch-field">
        <span>{t('watch.ending')}</span>
        <Input
          aria-label={t('watch.ending')}
          inputMode="numeric"
          placeholder={t('watch.endingPlaceholder')}
          value={draft.endsWith}
          onChange={(v) => set({ endsWith: v.replace(/\D/g, '').slice(0, 8) })}
        />
      </div>
      <label className="watch-field">
        <span>{t('watch.pattern')}</span>
        <select aria-label={t('watch.pattern')} value={draft.pattern} onChange={(e) => set({ pattern: e.target.value })}>
          <option value="">{t('watch.anyPattern')}</option>
          {PATTERN_TAGS.map((p) => (
            <option key={p} value={p}>
              {t(`shop.pattern.${p}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="watch-field">
        <span>{t('watch.operator')}</span>
        <select aria-label={t('watch.operator')} value={draft.operator} onChange={(e) => set({ operator: e.target.value })}>
          <option value="">{t('watch.anyOperator')}</option>
          {operators.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </label>
      <label className="watch-field">
        <span>{t('watch.province')}</span>
        <select aria-label={t('watch.province')} value={draft.province} onChange={(e) => set({ province: e.target.value })}>
          <option value="">{t('watch.anywhere')}</option>
          {(options?.provinces ?? []).map((p) => (
            <option key={p.code} value={p.code}>
              {p.name}
            </option>
          ))}
        </select>
      </label>
      <div className="watch-field">
        <span>{t('watch.maxPrice')}</span>
        <Input
          aria-label={t('watch.maxPrice')}
          inputMode="decimal"
          placeholder={t('watch.anyPrice')}
          value={draft.maxYuan}
          onChange={(v) => set({ maxYuan: v.replace(/[^\d.]/g, '').slice(0, 9) })}
        />
      </div>
      {ready ? null : <p className="muted watch-hint">{t('watch.needCriterion')}</p>}
      <Button block color="primary" shape="rounded" disabled={!ready} loading={saving} onClick={() => void save()}>
        <BellOutline /> {t('watch.save')}
      </Button>
    </section>
  );
}

function WatchCard({ watch, onDeleted }: { watch: NumberWatch; onDeleted: () => void }) {
  const { t } = useTranslation();
  const terms = useTerms()(watch);
  const remove = async () => {
    if (!(await Dialog.confirm({ content: t('watch.deleteConfirm'), confirmText: t('watch.delete'), cancelText: t('common.cancel') })))
      return;
    try {
      await deleteNumberWatch(watch.id);
      onDeleted();
    } catch {
      // request.ts showed the reason.
    }
  };
  return (
    <article className="card watch-card" aria-label={terms.join(' · ')} data-watch-id={watch.id}>
      <header className="watch-card-head">
        <div className="watch-terms">
          {terms.map((term) => (
            <span key={term} className="chip-tag">
              {term}
            </span>
          ))}
        </div>
        <button type="button" className="watch-delete" aria-label={t('watch.delete')} onClick={() => void remove()}>
          <DeleteOutline />
        </button>
      </header>
      <p className="muted watch-since">{t('watch.since', { date: formatDate(watch.createdAt) })}</p>
      {watch.hits.length === 0 ? (
        <p className="watch-empty">{t('watch.nothingYet')}</p>
      ) : (
        <ul className="watch-hits">
          {watch.hits.map((h) => (
            <li key={h.number} className="watch-hit" data-number={h.number}>
              <span className="watch-hit-number">
                <PrettyNumber number={h.number} size="sm" search={{ endsWith: watch.endsWith }} />
                {h.unseen ? <Tag color="danger">{t('watch.newTag')}</Tag> : null}
              </span>
              <span className="watch-hit-side">
                <Price fen={h.price} size="sm" />
                {h.onSale ? (
                  <Button
                    size="small"
                    color="primary"
                    shape="rounded"
                    onClick={() => void navigateTo(`/pages/goods/pretty/index?number=${h.number}`)}
                  >
                    {t('watch.buy')}
                  </Button>
                ) : (
                  <span className="muted">{t('watch.gone')}</span>
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}

/** Number alerts: what the shopper waits for, and the numbers found as they came on sale. */
export default function NumberWatchPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const watches = useNumberWatches();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: NUMBER_WATCH_KEY });
  const unseen = watches.data?.unseen ?? 0;
  // Found numbers count as seen once shown; their "New" tags stay until the page is left.
  useEffect(() => {
    if (unseen === 0) return;
    void markNumberWatchesSeen().then(() => queryClient.invalidateQueries({ queryKey: [...NUMBER_WATCH_KEY, 'unseen'] }));
  }, [unseen, queryClient]);

  if (watches.isError) {
    return (
      <ErrorBlock status="disconnected" title={t('watch.loadFailed')} description="">
        <Button color="primary" size="small" onClick={() => void watches.refetch()}>
          {t('common.retry')}
        </Button>
      </ErrorBlock>
    );
  }
  const list = watches.data?.list;
  return (
    <div className="watch-page">
      <section className="watch-head">
        <h1>{t('watch.title')}</h1>
        <p>{t('watch.intro')}</p>
      </section>
      {list && list.length >= MAX_NUMBER_WATCHES ? (
        <p className="card muted">{t('watch.full', { max: MAX_NUMBER_WATCHES })}</p>
      ) : (
        <WatchForm onSaved={refresh} />
      )}
      {!list ? (
        <div className="card" aria-busy="true">
          <Skeleton.Paragraph lineCount={4} animated />
        </div>
      ) : (
        <>
          {list.length > 0 ? <h2 className="section-title watch-list-title">{t('watch.mine', { count: list.length })}</h2> : null}
          {list.map((w) => (
            <WatchCard key={w.id} watch={w} onDeleted={refresh} />
          ))}
        </>
      )}
    </div>
  );
}
