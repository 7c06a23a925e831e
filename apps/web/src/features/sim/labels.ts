import type { SimInfo } from '@simshop/contract/iot';

/** Display tone of a status: good (green), warn (orange), bad (red), plain (grey). */
export type Tone = 'good' | 'warn' | 'bad' | 'plain';

const SIM_STATUS: Record<number, Tone> = { 1: 'warn', 2: 'good', 3: 'bad', 4: 'bad' };
const AUTH_STATUS: Record<number, Tone> = { 0: 'warn', 1: 'good', 2: 'warn', 3: 'bad' };
const ONLINE_STATUS: Record<number, Tone> = { 1: 'good', 2: 'plain', 3: 'plain' };

/** Translation key and tone of the card status; an active card under a break rule reads "Restricted". */
export const simStatusLabel = (s: number, breakRuleId = 0) =>
  s === 2 && breakRuleId > 0
    ? { key: 'iot.simStatus.restricted', tone: 'bad' as Tone }
    : { key: `iot.simStatus.${s in SIM_STATUS ? s : 'unknown'}`, tone: SIM_STATUS[s] ?? 'plain' };
export const authStatusLabel = (s: number) => ({
  key: `iot.authStatus.${s in AUTH_STATUS ? s : 'unknown'}`,
  tone: AUTH_STATUS[s] ?? 'plain',
});
export const onlineStatusLabel = (s: number) => ({
  key: `iot.onlineStatus.${s in ONLINE_STATUS ? s : 3}`,
  tone: ONLINE_STATUS[s] ?? 'plain',
});

/** Operator display: a device shows code 99 (several networks) instead of its SIM's operator (spec §3). */
export function operatorKey(info: Pick<SimInfo, 'operatorDisplayType'>): string | null {
  return [1, 2, 3, 4, 99].includes(info.operatorDisplayType) ? `iot.operator.${info.operatorDisplayType}` : null;
}

export const isDevice = (info: Pick<SimInfo, 'sourceType' | 'deviceNo'>) => info.sourceType === 2 && info.deviceNo !== '';
