import { useTranslation } from 'react-i18next';
import { useSimInfo } from '../../../../features/sim/api/sim-info.ts';
import { SimLoadFailed, SimLoading } from '../../../../features/sim/components/page-state.tsx';
import { flowText, usedRatio, yuan } from '../../../../features/sim/format.ts';
import { useRequireSim } from '../../../../features/sim/use-require-sim.ts';
import { formatDate } from '../../../../lib/datetime.ts';
import { knowsPage, navigateTo } from '../../../../lib/nav.ts';

const BUY_PACKAGE = '/pages/iot/index/package/index';

function Row({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="sim-kv">
      <span>{label}</span>
      <b data-testid={testId}>{value}</b>
    </div>
  );
}

/** The current package of the card and its allowance. */
export default function PackageInfoPage() {
  const { t } = useTranslation();
  const loggedIn = useRequireSim();
  const { data: info, isError, refetch } = useSimInfo();
  if (!loggedIn) return null;
  if (isError) return <SimLoadFailed onRetry={() => void refetch()} />;
  if (!info) return <SimLoading />;
  const unlimited = info.isInfiniteFlow;
  const hasPackage = info.endAt !== null && !info.needBuyPackage;
  const ratio = usedRatio(info.useFlow, info.totalFlow);
  return (
    <div className="sim-page">
      <section className={`sim-package-hero ${hasPackage ? '' : 'none'}`}>
        <div className="sim-package-state">{hasPackage ? t('iot.package.inEffect') : t('iot.package.none')}</div>
        <div className="sim-package-left" data-testid="package-left">
          {unlimited ? t('iot.flow.unlimited') : flowText(info.surplusFlow)}
        </div>
        <div className="sim-package-sub">
          {hasPackage
            ? t('iot.package.leftOf', { total: unlimited ? t('iot.flow.unlimited') : flowText(info.totalFlow) })
            : t('iot.flow.noPackageHint')}
        </div>
        {hasPackage && !unlimited ? (
          <div className="sim-package-bar">
            <i className="sim-package-fill" style={{ width: `${Math.max(2, (1 - ratio) * 100)}%` }} />
          </div>
        ) : null}
      </section>
      <section className="card">
        <h2 className="section-title sim-mb">{t('iot.package.allowance')}</h2>
        <Row label={t('iot.flow.total')} value={unlimited ? t('iot.flow.unlimited') : flowText(info.totalFlow)} testId="package-total" />
        <Row label={t('iot.flow.used')} value={flowText(info.useFlow)} testId="package-used" />
        <Row label={t('iot.flow.left')} value={unlimited ? t('iot.flow.unlimited') : flowText(info.surplusFlow)} />
        <Row label={t('iot.flow.today')} value={flowText(info.dayUseFlow)} />
        <Row label={t('iot.flow.month')} value={flowText(info.monthUseFlow)} />
      </section>
      <section className="card">
        <h2 className="section-title sim-mb">{t('iot.package.validity')}</h2>
        <Row
          label={t('iot.package.endAt')}
          value={info.isLifetime ? t('iot.flow.lifetime') : info.endAt ? formatDate(info.endAt) : '—'}
          testId="package-end"
        />
        <Row label={t('iot.flow.validity')} value={info.surplusTimeTips || '—'} />
      </section>
      {info.volume ? (
        <section className="card">
          <h2 className="section-title sim-mb">{t('iot.package.volume')}</h2>
          <Row label={t('iot.package.volumeUsed')} value={flowText(info.volume.useFlow)} />
          <Row label={t('iot.package.volumeCharged')} value={`¥${yuan(info.volume.totalMoney)}`} />
          <Row label={t('iot.package.gPrice')} value={t('iot.package.perGb', { price: yuan(info.volume.gPrice) })} />
        </section>
      ) : null}
      {info.hasAccelerate && info.accelerateOrder ? (
        <section className="card">
          <h2 className="section-title sim-mb">{t('iot.package.accelerate')}</h2>
          <Row label={info.accelerateOrder.accelerateName} value={formatDate(info.accelerateOrder.endAt)} />
        </section>
      ) : null}
      {knowsPage(BUY_PACKAGE) ? (
        <div style={{ padding: '0 12px' }}>
          <button type="button" className="sim-primary-btn" onClick={() => void navigateTo(BUY_PACKAGE)}>
            {hasPackage ? t('iot.package.renew') : t('iot.tips.buyPackage')}
          </button>
        </div>
      ) : null}
    </div>
  );
}
