import type { CatalogPackage, IotOrderStatus, TopupChooseReply } from '@simshop/contract/iot-money';
import type { TFunction } from '../../lib/i18n.ts';
import { flowText, yuan } from './format.ts';

/** Package-duration units (spec §4): 1 days, 2 months, 3 years; 20 years or more is lifetime. */
export function durationText(t: TFunction, p: Pick<CatalogPackage, 'duration' | 'durationUnit' | 'isLifetime'>): string {
  if (p.isLifetime) return t('iot.flow.lifetime');
  const unit = [1, 2, 3].includes(p.durationUnit) ? p.durationUnit : 1;
  return t(`iot.money.duration.${unit}`, { count: p.duration });
}

/** What a package gives: its allowance, unlimited, or a price per GB for a volume package. */
export function allowanceText(t: TFunction, p: Pick<CatalogPackage, 'kind' | 'unlimited' | 'flowMb' | 'gPrice'>): string {
  if (p.kind === 'volume') return t('iot.package.perGb', { price: yuan(p.gPrice) });
  if (p.unlimited) return t('iot.flow.unlimited');
  return flowText(p.flowMb);
}

/** "¥12.50" from fen, with the sign of a change when asked: "+¥5.00", "-¥2.00". */
export function moneyText(fen: number, signed = false): string {
  const sign = signed ? (fen > 0 ? '+' : fen < 0 ? '-' : '') : fen < 0 ? '-' : '';
  return `${sign}¥${yuan(Math.abs(fen))}`;
}

/** Tone of an order status for its tag. */
export function orderStatusTone(status: IotOrderStatus): 'good' | 'warn' | 'bad' | 'plain' {
  switch (status) {
    case 'effective':
      return 'good';
    case 'pending':
    case 'paid':
      return 'warn';
    case 'refunded':
    case 'failed':
      return 'bad';
    default:
      return 'plain';
  }
}

/** "01:02:03" (or "2d 01:02:03" in the language's words) for a countdown of `ms`. */
export function countdownParts(ms: number): { days: number; hh: string; mm: string; ss: string } {
  const total = Math.max(0, Math.floor(ms / 1000));
  const p = (n: number) => String(n).padStart(2, '0');
  return {
    days: Math.floor(total / 86_400),
    hh: p(Math.floor((total % 86_400) / 3600)),
    mm: p(Math.floor((total % 3600) / 60)),
    ss: p(total % 60),
  };
}

const KNOWN_METHODS = ['balance', 'sandbox', 'wechat', 'alipay'];

/** Label of a pay method: known methods in the user's language, others by the name the server gives. */
export function payMethodLabel(t: TFunction, m: { method: string; name: string }): string {
  return KNOWN_METHODS.includes(m.method) ? t(`iot.pay.method.${m.method}`) : m.name || m.method;
}

/** Fen from a yuan amount typed by the holder ("50", "12.5"), or null when it is not an amount. */
export function parseYuan(text: string): number | null {
  if (!/^\d{1,7}(\.\d{0,2})?$/.test(text.trim())) return null;
  return Math.round(Number(text.trim()) * 100);
}

/** What a top-up of `pay` fen gives: arrears settled first, then the account, plus the bonus. */
export function topupOutcome(
  reply: Pick<TopupChooseReply, 'kind' | 'arrearsBalance'>,
  pay: number,
  bonusBalance: number,
  bonusCoin: number,
) {
  const settled = Math.min(reply.arrearsBalance, pay);
  const principal = pay - settled;
  return reply.kind === 'balance'
    ? { settled, balance: principal + bonusBalance, coins: bonusCoin }
    : { settled, balance: bonusBalance, coins: principal + bonusCoin };
}

/** One repeated digit or a run up or down (the server refuses these too). */
export function weakPassword(pw: string): boolean {
  if (/^(\d)\1{5}$/.test(pw)) return true;
  const d = [...pw].map(Number);
  const steps = d.slice(1).map((x, i) => x - (d[i] ?? 0));
  return steps.every((s) => s === 1) || steps.every((s) => s === -1);
}
