import { z } from 'zod';

/**
 * Data run-out forecast and usage alerts of a SIM: the pace of the last seven days against the data
 * left, and alerts at the thresholds the holder picks (share of the package's data used, days before
 * the package ends), each at most once per package period, in the app and by SMS to the bound phone.
 */

/** Shares of the data used (percent) a holder may be alerted at. */
export const USAGE_THRESHOLDS = [50, 80, 90, 95, 100] as const;
/** Days before the package ends a holder may be alerted (0: not). */
export const ENDING_DAYS = [0, 1, 3, 7] as const;
export const DEFAULT_USAGE_ALERTS = { thresholds: [80, 95, 100], endingDays: 3, sms: true } as const;

export const FORECAST_STATES = ['unlimited', 'noPackage', 'idle', 'runsOut', 'lasts'] as const;

/** GET /api/iot/usageForecast. */
export const usageForecast = z.object({
  /**
   * unlimited: nothing runs out; noPackage: no data package in effect; idle: no use in the last
   * seven days; runsOut: at this pace the data ends before the package (runOutAt); lasts: it
   * lasts until the package ends (endAt).
   */
  state: z.enum(FORECAST_STATES),
  /** Average use a day over the last seven days (today's share counted), MB. */
  paceMbPerDay: z.number(),
  leftMb: z.number().int(),
  runOutAt: z.number().int().nullable(),
  endAt: z.number().int().nullable(),
});
export type UsageForecast = z.infer<typeof usageForecast>;

export const usageAlertSettings = z.object({
  thresholds: z.array(z.literal(USAGE_THRESHOLDS)).max(USAGE_THRESHOLDS.length),
  endingDays: z.literal(ENDING_DAYS),
  sms: z.boolean(),
});
export type UsageAlertSettings = z.infer<typeof usageAlertSettings>;

export const usageAlert = z.object({
  id: z.number().int(),
  /**
   * used: `percent` of the data used; ending: the package ends within `days` days; renewal:
   * auto-renewal buys the next package from the balance within a day (it can still be cancelled).
   */
  kind: z.enum(['used', 'ending', 'renewal']),
  percent: z.number().int().nullable(),
  days: z.number().int().nullable(),
  /** End of the package period the alert is about. */
  endAt: z.number().int(),
  createdAt: z.number().int(),
  read: z.boolean(),
  /** Sent by SMS to the bound phone too. */
  texted: z.boolean(),
});
export type UsageAlert = z.infer<typeof usageAlert>;

/** GET /api/iot/usageAlerts: the settings and the last 20 alerts, newest first. */
export const usageAlertList = z.object({
  settings: usageAlertSettings,
  /** A bound phone to text alerts to. */
  hasBoundPhone: z.boolean(),
  list: z.array(usageAlert),
  unread: z.number().int(),
});
export type UsageAlertList = z.infer<typeof usageAlertList>;
