import type { UsageAlertList, UsageAlertSettings, UsageForecast } from '@simshop/contract/iot-alerts';
import { useQuery } from '@tanstack/react-query';
import { get, post } from '../../../lib/request.ts';
import { isSimLoggedIn, useSession } from '../../../lib/session.ts';

export const usageAlertsKey = (simNo: string) => ['iot', simNo, 'usageAlerts'] as const;

/** GET /api/iot/usageForecast: when the data runs out at this week's pace. */
export function useUsageForecast() {
  const simNo = useSession((s) => s.simNo);
  const loggedIn = useSession(isSimLoggedIn);
  return useQuery({
    queryKey: ['iot', simNo, 'usageForecast'] as const,
    queryFn: () => get<UsageForecast>('/api/iot/usageForecast'),
    enabled: loggedIn,
    staleTime: 60_000,
    retry: false,
  });
}

/** GET /api/iot/usageAlerts: the card's alert settings and its last alerts. */
export function useUsageAlerts() {
  const simNo = useSession((s) => s.simNo);
  const loggedIn = useSession(isSimLoggedIn);
  return useQuery({
    queryKey: usageAlertsKey(simNo),
    queryFn: () => get<UsageAlertList>('/api/iot/usageAlerts'),
    enabled: loggedIn,
    staleTime: 0,
    retry: false,
  });
}

export const saveUsageAlertSettings = (settings: UsageAlertSettings) => post<UsageAlertList>('/api/iot/usageAlerts/settings', settings);
export const markUsageAlertsRead = () => post<null>('/api/iot/usageAlerts/read', {});
