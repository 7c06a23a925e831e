import { Button, ErrorBlock, Skeleton, Tabs } from 'antd-mobile';
import { CheckCircleFill } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useFastNumberProducts } from '../../../features/fast-number/api/products.ts';
import { formatData } from '../../../features/numbers/format.ts';
import { yuan } from '../../../lib/money.ts';
import { navigateTo } from '../../../lib/nav.ts';
import '../../../components/shop.css';
import '../pretty/package.css';
import './index.css';

/** Apply for a new number: pick the operator and one of its packages, then fill in the application. */
export default function FastNumberPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const products = useFastNumberProducts();
  const operators = products.data?.operators ?? [];
  const [operator, setOperator] = useState(params.get('operator') ?? '');
  const [packageId, setPackageId] = useState(Number(params.get('packageId')) || 0);

  if (products.isError) return <ErrorBlock status="default" title={t('fastNumber.loadFailed')} description="" />;
  if (!products.data) {
    return (
      <div className="card" aria-busy="true">
        <Skeleton.Title animated />
        <Skeleton.Paragraph lineCount={8} animated />
      </div>
    );
  }
  if (operators.length === 0) return <ErrorBlock status="empty" title={t('fastNumber.none')} description="" />;
  const current = operators.find((o) => o.operator === operator) ?? operators[0]!;
  const chosen = current.packages.find((p) => p.id === packageId) ?? null;

  return (
    <div className="fast-page">
      <section className="fast-hero">
        <h1>{t('fastNumber.heading')}</h1>
        <p>{t('fastNumber.subheading')}</p>
        <ol className="fast-steps" aria-label={t('fastNumber.stepsLabel')}>
          <li>{t('fastNumber.step.choose')}</li>
          <li>{t('fastNumber.step.fill')}</li>
          <li>{t('fastNumber.step.receive')}</li>
        </ol>
      </section>
      <Tabs
        className="fast-tabs"
        activeKey={current.operator}
        onChange={(key) => {
          setOperator(key);
          setPackageId(0);
        }}
      >
        {operators.map((o) => (
          <Tabs.Tab key={o.operator} title={o.operatorName} />
        ))}
      </Tabs>
      <section aria-label={t('fastNumber.packages')} className="pkg-list">
        {current.packages.map((p) => {
          const on = p.id === chosen?.id;
          return (
            <button key={p.id} type="button" aria-pressed={on} className={`pkg-card${on ? ' on' : ''}`} onClick={() => setPackageId(p.id)}>
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
      <div className="action-bar">
        <div className="action-bar-total">
          <span>{chosen ? chosen.name : t('fastNumber.choosePackage')}</span>
          <span className="muted">{t('fastNumber.freeToApply')}</span>
        </div>
        <Button
          className="btn-hot"
          shape="rounded"
          disabled={!chosen}
          onClick={() => {
            if (chosen) void navigateTo(`/pages/goods/fastNumber/formSubmit?operator=${current.operator}&packageId=${chosen.id}`);
          }}
        >
          {t('fastNumber.applyNow')}
        </Button>
      </div>
    </div>
  );
}
