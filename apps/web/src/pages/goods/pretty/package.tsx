import { Button, ErrorBlock, Skeleton } from 'antd-mobile';
import { CheckCircleFill } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useShallow } from 'zustand/react/shallow';
import { PrettyNumber } from '../../../components/pretty-number.tsx';
import { useNumberDetail } from '../../../features/numbers/api/number-detail.ts';
import { formatData } from '../../../features/numbers/format.ts';
import { draftOf, useOrderDraft } from '../../../features/orders/stores/order-draft.ts';
import { yuan } from '../../../lib/money.ts';
import { navigateBack, redirectTo } from '../../../lib/nav.ts';
import '../../../components/shop.css';
import './package.css';

/** The packages a number can be ordered with; choosing one goes back to the number page. */
export default function PackagePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const number = params.get('number') ?? '';
  const detail = useNumberDetail(number);
  const chosen = useOrderDraft(useShallow((s) => draftOf(s, number).packageId));
  const update = useOrderDraft((s) => s.update);

  if (detail.isError || !/^1\d{10}$/.test(number)) {
    return <ErrorBlock status="empty" title={t('shop.number.notFound')} description="" />;
  }
  if (!detail.data) {
    return (
      <div className="card">
        <Skeleton.Paragraph lineCount={8} animated />
      </div>
    );
  }
  const n = detail.data;
  const choose = (id: number) => {
    update(number, { packageId: id });
    void navigateBack().catch(() => redirectTo(`/pages/goods/pretty/index?number=${number}`));
  };

  return (
    <div className="pkg-page">
      <div className="pkg-head">
        <PrettyNumber number={n.number} size="md" />
        {n.minMonthlyFee > 0 ? <span className="muted">{t('shop.package.minFee', { fee: yuan(n.minMonthlyFee) })}</span> : null}
      </div>
      {n.packages.length === 0 ? <ErrorBlock status="empty" title={t('shop.package.none')} description="" /> : null}
      <section aria-label={t('shop.number.package')} className="pkg-list">
        {n.packages.map((p) => {
          const on = p.id === chosen;
          return (
            <button key={p.id} type="button" aria-pressed={on} className={`pkg-card${on ? ' on' : ''}`} onClick={() => choose(p.id)}>
              <span className="pkg-card-top">
                <span className="pkg-name">{p.name}</span>
                <span className="price price-md">
                  <span className="price-sign">¥</span>
                  {yuan(p.monthlyFee)}
                  <span className="pkg-per">{t('shop.package.perMonth')}</span>
                </span>
              </span>
              <span className="pkg-stats">
                <span>
                  <b>{formatData(p.dataMb)}</b>
                  <span className="muted">{t('shop.package.data')}</span>
                </span>
                <span>
                  <b>{p.voiceMinutes}</b>
                  <span className="muted">{t('shop.package.minutes')}</span>
                </span>
              </span>
              {p.description ? <span className="muted pkg-desc">{p.description}</span> : null}
              {on ? <CheckCircleFill className="pkg-check" /> : null}
            </button>
          );
        })}
      </section>
      <div className="pkg-foot">
        <Button block shape="rounded" onClick={() => void navigateBack()}>
          {t('common.back')}
        </Button>
      </div>
    </div>
  );
}
