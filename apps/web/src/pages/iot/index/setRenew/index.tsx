import type { RenewOptionReply } from '@simshop/contract/iot-money';
import { Switch } from 'antd-mobile';
import { RightOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRenewPackageOption } from '../../../../features/sim/api/renew-package-option.ts';
import { useSimUpdateRenewPackage } from '../../../../features/sim/api/sim-update-renew-package.ts';
import { CardsSkeleton, ChoiceCard, MoneyEmpty, PriceTag } from '../../../../features/sim/components/money-parts.tsx';
import { SimLoadFailed } from '../../../../features/sim/components/page-state.tsx';
import { yuan } from '../../../../features/sim/format.ts';
import { allowanceText, durationText } from '../../../../features/sim/money-format.ts';
import { useRequireSim } from '../../../../features/sim/use-require-sim.ts';
import { formatDate, formatDateTime } from '../../../../lib/datetime.ts';
import { Toast } from '../../../../lib/feedback.ts';
import { knowsPage, navigateTo } from '../../../../lib/nav.ts';

const BALANCE = '/pages/iot/index/balance/index';
const REASONS = ['balance_short', 'package_off_sale', 'card_inactive', 'sold_out', 'provision_failed'];

function LastAttempt({ a }: { a: NonNullable<RenewOptionReply['lastAttempt']> }) {
  const { t } = useTranslation();
  const reason = REASONS.includes(a.reason) ? t(`iot.renew.reason.${a.reason}`) : a.message || a.reason;
  return (
    <section className="card renew-last" data-testid="renew-last">
      <h2 className="section-title sim-mb">{t('iot.renew.last')}</h2>
      <div className={`renew-last-line ${a.outcome}`}>
        <b>{t(`iot.renew.outcome.${a.outcome}`)}</b>
        <span className="muted">{formatDateTime(a.at)}</span>
      </div>
      {a.outcome === 'skipped' ? <p className="renew-last-reason">{reason}</p> : null}
    </section>
  );
}

function RenewForm({ data }: { data: RenewOptionReply }) {
  const { t } = useTranslation();
  const save = useSimUpdateRenewPackage();
  const [enabled, setEnabled] = useState(data.enabled);
  const [packageId, setPackageId] = useState<number | null>(data.packageId ?? data.options[0]?.id ?? null);
  const picked = data.options.find((o) => o.id === packageId);
  const dirty = enabled !== data.enabled || (enabled && packageId !== data.packageId);
  const short = enabled && picked !== undefined && data.balance < picked.price;

  const submit = () => {
    if (enabled && !packageId) {
      Toast.show({ content: t('iot.renew.pickFirst') });
      return;
    }
    save.mutate(enabled && packageId ? { enabled, packageId } : { enabled: false }, {
      onSuccess: () => Toast.show({ icon: 'success', content: enabled ? t('iot.renew.savedOn') : t('iot.renew.savedOff') }),
    });
  };

  return (
    <>
      <section className="money-hero renew-hero">
        <div className="renew-switch-row">
          <div>
            <div className="money-hero-title">{t('iot.renew.title')}</div>
            <div className="money-hero-sub">
              {data.endAt
                ? t('iot.renew.when', { hours: data.renewAheadHours, date: formatDate(data.endAt) })
                : t('iot.renew.whenNoPackage')}
            </div>
          </div>
          <Switch checked={enabled} onChange={setEnabled} aria-label={t('iot.renew.title')} data-testid="renew-switch" />
        </div>
        <div className="renew-balance">
          <span>{t('iot.item.balance')}</span>
          <b>¥{yuan(data.balance)}</b>
          {knowsPage(BALANCE) ? (
            <button type="button" onClick={() => void navigateTo(BALANCE)}>
              {t('iot.tips.topUp')} <RightOutline />
            </button>
          ) : null}
        </div>
      </section>
      {short ? (
        <div className="money-warn" role="status">
          {t('iot.renew.short', { amount: yuan((picked?.price ?? 0) - data.balance) })}
        </div>
      ) : null}
      <section className={`card ${enabled ? '' : 'dimmed'}`} aria-label={t('iot.renew.package')}>
        <h2 className="section-title sim-mb">{t('iot.renew.package')}</h2>
        {data.options.length === 0 ? <MoneyEmpty text={t('iot.renew.noOptions')} /> : null}
        <div className="choice-list">
          {data.options.map((o) => (
            <ChoiceCard
              key={o.id}
              name="renew-package"
              checked={packageId === o.id}
              disabled={!enabled}
              onSelect={() => setPackageId(o.id)}
            >
              <span className="choice-main">
                <b>{o.name}</b>
                <span className="muted">
                  {allowanceText(t, o)} · {durationText(t, o)}
                </span>
              </span>
              <PriceTag fen={o.price} size="sm" />
            </ChoiceCard>
          ))}
        </div>
      </section>
      {data.lastAttempt ? <LastAttempt a={data.lastAttempt} /> : null}
      <section className="card money-notes">
        <ul>
          <li>{t('iot.renew.note1')}</li>
          <li>{t('iot.renew.note2')}</li>
        </ul>
      </section>
      <div className="renew-actions">
        <button type="button" className="sim-primary-btn" disabled={!dirty || save.isPending} onClick={submit} data-testid="renew-save">
          {t('iot.renew.save')}
        </button>
      </div>
    </>
  );
}

/** Auto-renewal from the balance before the package ends (spec §2 setRenew/index). */
export default function SetRenewPage() {
  const loggedIn = useRequireSim();
  const option = useRenewPackageOption();
  if (!loggedIn) return null;
  return (
    <div className="sim-page money-page" data-testid="set-renew-page">
      {option.isError ? (
        <SimLoadFailed onRetry={() => void option.refetch()} />
      ) : option.data ? (
        <RenewForm key={`${option.data.enabled}-${option.data.packageId}`} data={option.data} />
      ) : (
        <CardsSkeleton count={2} />
      )}
    </div>
  );
}
