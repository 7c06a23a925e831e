import type { UsageAlert } from '@simshop/contract/iot-alerts';
import { useQueryClient } from '@tanstack/react-query';
import { BellOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { formatDate, formatNearDateTime } from '../../../lib/datetime.ts';
import { Toast } from '../../../lib/feedback.ts';
import { knowsPage, navigateTo } from '../../../lib/nav.ts';
import { useSession } from '../../../lib/session.ts';
import { useAutoRules } from '../api/auto-rules.ts';
import { postSimUpdateRenewPackage } from '../api/sim-update-renew-package.ts';
import { markUsageAlertsRead, usageAlertsKey, useUsageAlerts, useUsageForecast } from '../api/usage-alerts.ts';
import { flowText } from '../format.ts';
import './usage-outlook.css';

const AUTO_RULES = '/pages-sub/iot/index/autoRules/index';
const BUY_PACKAGE = '/pages/iot/index/package/index';

/** An alert in words: "95 % of this package's data is used", "Your package ends on …", "Auto-renewal buys …". */
export function alertText(t: (key: string, options?: Record<string, unknown>) => string, a: UsageAlert): string {
  if (a.kind === 'used') return t('iot.alerts.used', { percent: a.percent });
  return t(a.kind === 'renewal' ? 'iot.alerts.renewal' : 'iot.alerts.ending', { date: formatDate(a.endAt) });
}

/**
 * In the flow card's outlook, after the first paint: the newest unread usage alert with the way to
 * buy data, when the data runs out at this week's pace, and a slow-down in force.
 */
export default function UsageOutlook() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const simNo = useSession((s) => s.simNo);
  const forecastQuery = useUsageForecast();
  const forecast = forecastQuery.data;
  const alerts = useUsageAlerts().data;
  const unread = alerts?.list.find((a) => !a.read);
  const slowdown = useAutoRules().data?.slowdown;
  const slowed = slowdown?.state === 'slowed' && slowdown.slowedUntil ? slowdown : null;
  const dismiss = async () => {
    await markUsageAlertsRead().catch(() => undefined);
    await queryClient.invalidateQueries({ queryKey: usageAlertsKey(simNo) });
  };
  const cancelRenewal = async () => {
    try {
      await postSimUpdateRenewPackage({ enabled: false });
    } catch {
      return; // request.ts showed the reason
    }
    Toast.show({ icon: 'success', content: t('iot.alerts.renewalCancelled') });
    await queryClient.invalidateQueries({ queryKey: ['iot', simNo] });
    await dismiss();
  };
  const line =
    forecast?.state === 'runsOut' && forecast.runOutAt
      ? t('iot.alerts.runsOut', { pace: flowText(forecast.paceMbPerDay), date: formatDate(forecast.runOutAt) })
      : forecast?.state === 'lasts' && forecast.endAt
        ? t('iot.alerts.lasts', { pace: flowText(forecast.paceMbPerDay), date: formatDate(forecast.endAt) })
        : null;
  return (
    <>
      {unread ? (
        <div className="sim-outlook-alert" role="status">
          <BellOutline aria-hidden="true" />
          <span>{alertText(t, unread)}</span>
          <span className="sim-outlook-actions">
            {unread.kind === 'renewal' ? (
              <button type="button" className="sim-pill-btn" onClick={() => void cancelRenewal()}>
                {t('iot.alerts.cancelRenewal')}
              </button>
            ) : knowsPage(BUY_PACKAGE) ? (
              <button type="button" className="sim-pill-btn" onClick={() => void navigateTo(BUY_PACKAGE)}>
                {t('iot.alerts.buy')}
              </button>
            ) : null}
            <button type="button" className="sim-link" onClick={() => void dismiss()}>
              {t(unread.kind === 'renewal' ? 'iot.alerts.keepRenewal' : 'iot.alerts.dismiss')}
            </button>
          </span>
        </div>
      ) : null}
      {line ? (
        <p className={forecast?.state === 'runsOut' ? 'sim-outlook-line warn' : 'sim-outlook-line'} data-testid="flow-forecast">
          {line}
        </p>
      ) : forecastQuery.isLoading ? (
        <p className="sim-outlook-line pending" aria-hidden="true" />
      ) : null}
      {slowed ? (
        <button
          type="button"
          className="sim-link sim-outlook-line warn"
          data-testid="slowed-line"
          onClick={() => void navigateTo(AUTO_RULES)}
        >
          {t(slowed.speedUpUntil ? 'iot.rules.dashboardSlowedAfterSpeedUp' : 'iot.rules.dashboardSlowed', {
            speed: t(`iot.rules.speed.${slowed.speed}`),
            date: formatDate(slowed.slowedUntil!),
            time: slowed.speedUpUntil ? formatNearDateTime(slowed.speedUpUntil) : '',
          })}
        </button>
      ) : null}
    </>
  );
}
