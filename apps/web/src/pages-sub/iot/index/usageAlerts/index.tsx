import { ENDING_DAYS, USAGE_THRESHOLDS, type UsageAlertSettings } from '@simshop/contract/iot-alerts';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Switch } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveUsageAlertSettings, usageAlertsKey, useUsageAlerts } from '../../../../features/sim/api/usage-alerts.ts';
import { SimLoadFailed, SimLoading } from '../../../../features/sim/components/page-state.tsx';
import { alertText } from '../../../../features/sim/components/usage-outlook.tsx';
import { useRequireSim } from '../../../../features/sim/use-require-sim.ts';
import { formatDateTime } from '../../../../lib/datetime.ts';
import { Toast } from '../../../../lib/feedback.ts';
import { knowsPage, navigateTo } from '../../../../lib/nav.ts';
import { useSession } from '../../../../lib/session.ts';
import './index.css';

const BIND_PHONE = '/pages/iot/index/bindPhone/index';
const AUTO_RULES = '/pages-sub/iot/index/autoRules/index';

/** Usage alerts: which shares of the data and which days before the end warn the holder, by SMS too, and the alerts given. */
export default function UsageAlertsPage() {
  const { t } = useTranslation();
  const loggedIn = useRequireSim();
  const queryClient = useQueryClient();
  const simNo = useSession((s) => s.simNo);
  const { data, isError, refetch } = useUsageAlerts();
  const [draft, setDraft] = useState<UsageAlertSettings | null>(null);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (data && !draft) setDraft(data.settings);
  }, [data, draft]);
  if (!loggedIn) return null;
  if (isError) return <SimLoadFailed onRetry={() => void refetch()} />;
  if (!data || !draft) return <SimLoading lines={6} />;

  const toggle = (p: (typeof USAGE_THRESHOLDS)[number]) =>
    setDraft((d) => d && { ...d, thresholds: d.thresholds.includes(p) ? d.thresholds.filter((x) => x !== p) : [...d.thresholds, p] });
  const save = async () => {
    setSaving(true);
    try {
      const saved = await saveUsageAlertSettings(draft);
      queryClient.setQueryData(usageAlertsKey(simNo), saved);
      setDraft(saved.settings);
      Toast.show({ icon: 'success', content: t('iot.alerts.saved') });
    } catch {
      // request.ts showed the reason.
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="usage-alerts">
      <section className="card">
        <h2 className="section-title">{t('iot.alerts.usedTitle')}</h2>
        <p className="muted usage-alerts-hint">{t('iot.alerts.usedHint')}</p>
        <fieldset className="usage-alerts-chips" aria-label={t('iot.alerts.usedTitle')}>
          {USAGE_THRESHOLDS.map((p) => (
            <button key={p} type="button" className="usage-chip" aria-pressed={draft.thresholds.includes(p)} onClick={() => toggle(p)}>
              {t('iot.alerts.percent', { percent: p })}
            </button>
          ))}
        </fieldset>
        <h2 className="section-title usage-alerts-sub">{t('iot.alerts.endingTitle')}</h2>
        <fieldset className="usage-alerts-chips" aria-label={t('iot.alerts.endingTitle')}>
          {ENDING_DAYS.map((d) => (
            <button
              key={d}
              type="button"
              className="usage-chip"
              aria-pressed={draft.endingDays === d}
              onClick={() => setDraft({ ...draft, endingDays: d })}
            >
              {d === 0 ? t('iot.alerts.endingOff') : t('iot.alerts.endingDays', { count: d })}
            </button>
          ))}
        </fieldset>
        <p className="muted usage-alerts-hint">{t('iot.alerts.renewalHint')}</p>
        <div className="usage-alerts-sms">
          <div>
            <div>{t('iot.alerts.sms')}</div>
            <div className="muted">{data.hasBoundPhone ? t('iot.alerts.smsHint') : t('iot.alerts.smsNoPhone')}</div>
          </div>
          {data.hasBoundPhone ? (
            <Switch aria-label={t('iot.alerts.sms')} checked={draft.sms} onChange={(sms) => setDraft({ ...draft, sms })} />
          ) : knowsPage(BIND_PHONE) ? (
            <Button size="small" shape="rounded" color="primary" fill="outline" onClick={() => void navigateTo(BIND_PHONE)}>
              {t('iot.alerts.bindPhone')}
            </Button>
          ) : null}
        </div>
        <Button block color="primary" shape="rounded" loading={saving} onClick={() => void save()}>
          {t('iot.alerts.save')}
        </Button>
      </section>
      {knowsPage(AUTO_RULES) ? (
        <section className="card">
          <Button block shape="rounded" color="primary" fill="outline" onClick={() => void navigateTo(AUTO_RULES)}>
            {t('iot.rules.open')}
          </Button>
        </section>
      ) : null}
      <section className="card">
        <h2 className="section-title">{t('iot.alerts.history')}</h2>
        {data.list.length === 0 ? (
          <p className="muted">{t('iot.alerts.none')}</p>
        ) : (
          <ul className="usage-alerts-list">
            {data.list.map((a) => (
              <li key={a.id}>
                <span>{alertText(t, a)}</span>
                <span className="muted">
                  {formatDateTime(a.createdAt)}
                  {a.texted ? ` · ${t('iot.alerts.texted')}` : ''}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
