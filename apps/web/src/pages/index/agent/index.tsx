import type { LowerAgent, NumberPriceRule } from '@simshop/contract/agents';
import { PATTERN_TAGS } from '@simshop/contract/numbers-terms';
import { useQueryClient } from '@tanstack/react-query';
import { Button, ErrorBlock, Popup, Skeleton, Stepper } from 'antd-mobile';
import { DeleteOutline } from 'antd-mobile-icons';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Price } from '../../../components/price.tsx';
import { saveLowerAgentCustomPrice, useLowerAgent, useLowerList } from '../../../features/agents/api/agents.ts';
import { Toast } from '../../../lib/feedback.ts';
import { yuan } from '../../../lib/money.ts';
import { useSession } from '../../../lib/session.ts';
import '../../../components/shop.css';
import './index.css';
import { Input } from '../../../components/text-input.tsx';

interface Draft {
  rules: { pattern: NumberPriceRule['pattern']; yuan: string }[];
  percent: number;
}

const toDraft = (a: LowerAgent): Draft => ({
  rules: a.customPrice.numberRules.map((r) => ({ pattern: r.pattern, yuan: String(r.markup / 100) })),
  percent: a.customPrice.goodsMarkupPercent,
});

/** The custom price of one downstream agent: number markups (all numbers, or by pattern) and a goods markup. */
function PriceEditor({ agentCode, lower, onClose }: { agentCode: string; lower: LowerAgent; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<Draft>(() => toDraft(lower));
  const [saving, setSaving] = useState(false);
  const used = new Set(draft.rules.map((r) => r.pattern));
  const patternLabel = (p: string) => (p === '' ? t('agent.allNumbers') : t(`shop.pattern.${p}`));
  const setRule = (i: number, change: Partial<Draft['rules'][number]>) =>
    setDraft((d) => ({ ...d, rules: d.rules.map((r, j) => (j === i ? { ...r, ...change } : r)) }));
  const free = (['', ...PATTERN_TAGS] as const).find((p) => !used.has(p));

  const save = async () => {
    const numberRules = draft.rules.map((r) => ({ pattern: r.pattern, markup: Math.round(Number(r.yuan || '0') * 100) }));
    if (numberRules.some((r) => !Number.isFinite(r.markup) || r.markup < 0)) {
      Toast.show({ content: t('agent.markupInvalid') });
      return;
    }
    setSaving(true);
    try {
      await saveLowerAgentCustomPrice({
        promoCode: agentCode,
        lowerPromoCode: lower.promoCode,
        numberRules,
        goodsMarkupPercent: draft.percent,
      });
      await queryClient.invalidateQueries({ queryKey: ['agentLowerList'] });
      Toast.show({ icon: 'success', content: t('agent.saved') });
      onClose();
    } catch {
      // request.ts showed the reason (33001 with its dialog).
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="agent-editor">
      <h2 className="section-title">{t('agent.priceFor', { name: lower.name })}</h2>
      <p className="muted">{t('agent.priceHint')}</p>
      <h3 className="agent-editor-sub">{t('agent.numberRules')}</h3>
      {draft.rules.length === 0 ? <p className="muted">{t('agent.noRules')}</p> : null}
      {draft.rules.map((r, i) => (
        <div className="agent-rule" key={r.pattern || 'all'}>
          <select
            aria-label={t('agent.pattern')}
            value={r.pattern}
            onChange={(e) => setRule(i, { pattern: e.target.value as Draft['rules'][number]['pattern'] })}
          >
            {(['', ...PATTERN_TAGS] as const)
              .filter((p) => p === r.pattern || !used.has(p))
              .map((p) => (
                <option key={p} value={p}>
                  {patternLabel(p)}
                </option>
              ))}
          </select>
          <span className="agent-rule-plus">+¥</span>
          <Input
            aria-label={t('agent.markup')}
            inputMode="decimal"
            value={r.yuan}
            onChange={(v) => setRule(i, { yuan: v.replace(/[^\d.]/g, '').slice(0, 9) })}
          />
          <button
            type="button"
            className="agent-rule-remove"
            aria-label={t('agent.removeRule')}
            onClick={() => setDraft((d) => ({ ...d, rules: d.rules.filter((_, j) => j !== i) }))}
          >
            <DeleteOutline />
          </button>
        </div>
      ))}
      {free !== undefined ? (
        <Button
          size="small"
          shape="rounded"
          fill="outline"
          onClick={() => setDraft((d) => ({ ...d, rules: [...d.rules, { pattern: free, yuan: '0' }] }))}
        >
          {t('agent.addRule')}
        </Button>
      ) : null}
      <h3 className="agent-editor-sub">{t('agent.goodsMarkup')}</h3>
      <div className="agent-goods">
        <Stepper
          aria-label={t('agent.goodsMarkup')}
          style={{ '--input-width': '56px' }}
          min={0}
          max={300}
          value={draft.percent}
          onChange={(v) => setDraft((d) => ({ ...d, percent: v }))}
        />
        <span>%</span>
      </div>
      <div className="agent-editor-actions">
        <Button shape="rounded" onClick={onClose}>
          {t('common.cancel')}
        </Button>
        <Button color="primary" shape="rounded" loading={saving} onClick={() => void save()}>
          {t('agent.save')}
        </Button>
      </div>
    </div>
  );
}

function priceSummary(t: (key: string, options?: Record<string, unknown>) => string, a: LowerAgent): string {
  const parts = a.customPrice.numberRules.map((r) =>
    t('agent.ruleSummary', { pattern: r.pattern === '' ? t('agent.allNumbers') : t(`shop.pattern.${r.pattern}`), amount: yuan(r.markup) }),
  );
  if (a.customPrice.goodsMarkupPercent > 0) parts.push(t('agent.goodsSummary', { percent: a.customPrice.goodsMarkupPercent }));
  return parts.length ? parts.join(t('agent.separator')) : t('agent.noCustomPrice');
}

/** My downstream agents (spec §6): their sales and the custom price the agent sets for each. */
export default function AgentPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const promoCode = useSession((s) => s.carried.promoCode) ?? '';
  const list = useLowerList(promoCode);
  const [editing, setEditing] = useState<LowerAgent | null>(null);
  // A link may name a downstream agent to price (`lower`); another agent than a direct downstream answers 33001.
  const named = useLowerAgent(promoCode, params.get('lower') ?? '');
  useEffect(() => {
    if (named.data) setEditing(named.data);
  }, [named.data]);

  if (list.isError) return <ErrorBlock status="empty" title={t('agent.notAgent')} description={t('agent.notAgentHint')} />;
  if (!list.data) {
    return (
      <div className="card" aria-busy="true">
        <Skeleton.Title animated />
        <Skeleton.Paragraph lineCount={6} animated />
      </div>
    );
  }
  const { agent, list: lowers } = list.data;
  return (
    <div className="agent-page">
      <section className="agent-head">
        <h1 data-user-text>{agent.name}</h1>
        <p>{t('agent.count', { count: lowers.length })}</p>
      </section>
      {lowers.length === 0 ? <ErrorBlock status="empty" title={t('agent.none')} description="" /> : null}
      {lowers.map((a) => (
        <article className="card agent-card" key={a.promoCode} aria-label={a.name} data-promo-code={a.promoCode}>
          <header className="agent-card-head">
            <b data-user-text>{a.name}</b>
            <span className="muted">{a.promoCode}</span>
          </header>
          <dl className="agent-sales">
            <div>
              <dt>{t('agent.orders')}</dt>
              <dd>{a.sales.orders}</dd>
            </div>
            <div>
              <dt>{t('agent.amount')}</dt>
              <dd>
                <Price fen={a.sales.amount} size="sm" />
              </dd>
            </div>
            <div>
              <dt>{t('agent.monthOrders')}</dt>
              <dd>{a.sales.monthOrders}</dd>
            </div>
          </dl>
          <p className="agent-price">
            <span className="muted">{t('agent.customPrice')}</span> {priceSummary(t, a)}
          </p>
          <Button size="small" shape="rounded" color="primary" onClick={() => setEditing(a)}>
            {t('agent.setPrice')}
          </Button>
        </article>
      ))}
      <Popup
        visible={editing !== null}
        onMaskClick={() => setEditing(null)}
        bodyStyle={{ borderTopLeftRadius: 12, borderTopRightRadius: 12 }}
      >
        {editing ? (
          <PriceEditor key={editing.promoCode} agentCode={agent.promoCode} lower={editing} onClose={() => setEditing(null)} />
        ) : null}
      </Popup>
    </div>
  );
}
