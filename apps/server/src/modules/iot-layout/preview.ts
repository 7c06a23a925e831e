import { createHmac, timingSafeEqual } from 'node:crypto';
import { PREVIEW_SIM_NO } from '@simshop/contract/admin-layouts';
import type { SimInfo } from '@simshop/contract/iot';
import { OPERATOR_CAPABILITIES } from '@simshop/contract/iot-capabilities';
import { invalid } from '../../lib/errors.ts';
import type { Language } from '../../lib/messages.ts';

/** A preview token lasts this long: long enough to look, short enough that a leaked link soon stops. */
export const PREVIEW_TTL_MS = 15 * 60_000;

export interface PreviewClaims {
  /** The promoter whose layout is previewed. */
  promoterId: number;
  /** The draft shown; 0: the published layout. */
  draftId: number;
  expiresAt: number;
}

const mac = (secret: string, payload: string) => createHmac('sha256', `iot-layout-preview:${secret}`).update(payload).digest('base64url');

/** A signed token naming a promoter and a draft of its layout, valid until `expiresAt`. */
export function signPreview(secret: string, claims: PreviewClaims): string {
  const payload = Buffer.from(JSON.stringify({ p: claims.promoterId, d: claims.draftId, e: claims.expiresAt })).toString('base64url');
  return `${payload}.${mac(secret, payload)}`;
}

/** The claims of a token signed here and not yet expired; otherwise a refusal naming the token. */
export function verifyPreview(secret: string, token: string, now: number): PreviewClaims {
  const expired = () => invalid('token', 'layouts.previewExpired');
  const [payload, signature, ...rest] = token.split('.');
  if (!payload || !signature || rest.length > 0) throw expired();
  const want = Buffer.from(mac(secret, payload));
  const got = Buffer.from(signature);
  if (want.length !== got.length || !timingSafeEqual(want, got)) throw expired();
  let claims: { p?: unknown; d?: unknown; e?: unknown };
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    throw expired();
  }
  const { p, d, e } = claims;
  if (!Number.isSafeInteger(p) || !Number.isSafeInteger(d) || !Number.isSafeInteger(e) || (e as number) <= now) throw expired();
  return { promoterId: p as number, draftId: d as number, expiresAt: e as number };
}

const OPERATOR: Record<Language, string> = { 'zh-Hans': '中国移动', 'zh-Hant': '中國移動', en: 'China Mobile' };
const DAYS_LEFT: Record<Language, string> = { 'zh-Hans': '剩余 24 天', 'zh-Hant': '剩餘 24 天', en: '24 days left' };

/**
 * The card facts a preview shows: a made-up active card (60 GB package, 18.6 GB used, ¥36.50),
 * never a real card's, under the preview SIM number (only the number is the caller's).
 */
export function previewSimInfo(promoCode: string, language: Language, now: number, simNo: string = PREVIEW_SIM_NO): SimInfo {
  const day = 86_400_000;
  return {
    simNo,
    iccid: '89860000000000000000',
    imsi: '460000000000000',
    imei: '',
    mobile: '138****8000',
    balance: 3650,
    arrearsBalance: 0,
    integral: 780,
    couponCoin: 500,
    simStatus: 2,
    authStatus: 1,
    authPlatformStatus: 1,
    internetStatus: 1,
    onlineStatus: 1,
    cancelStatus: 0,
    replaceStatus: 0,
    totalFlow: 61_440,
    useFlow: 19_046,
    status: 1,
    endAt: now + 24 * day,
    lastRobinAt: now - 5 * 60_000,
    createdAt: now - 200 * day,
    operatorType: 4,
    operatorTypeName: OPERATOR[language],
    operatorDisplayType: 4,
    dayUseFlow: 820,
    monthUseFlow: 19_046,
    surplusFlow: 42_394,
    surplusTime: 24,
    surplusUnit: 1,
    surplusTimeTips: DAYS_LEFT[language],
    isLifetime: false,
    needBuyCoupon: false,
    bindPhoneMode: 1,
    apn: 'cmiot',
    promoCode,
    needBuyPackage: false,
    needAuth: false,
    needPlatformAuth: false,
    platformAuthType: 2,
    existPayPassword: true,
    cardPasswordMode: false,
    sourceType: 1,
    deviceNo: '',
    rechargeNo: simNo,
    rechargeNoLabel: 'rechargeNumber',
    isInfiniteFlow: false,
    rechargeTimes: 3,
    numbAuth: 1,
    breakRuleId: 0,
    breakTips: '',
    breakNoClose: false,
    breakRemoveAt: null,
    allowRemoveBreak: false,
    breakPopupAttr: null,
    device: null,
    sessionProven: true,
    viceSims: [],
    // a plain SIM's: its operator's, all on in a preview
    capabilities: [...OPERATOR_CAPABILITIES],
    volumePackageId: 0,
    volume: null,
    simShopLayout: { domain: '', promoCode, version: 0 },
    vipOrder: null,
    accelerateOrder: null,
    hasAccelerate: false,
    deviceNetworkMode: 0,
    warrantyExpireDate: '',
    warrantyExpireTag: 'none',
    warrantyContent: '',
  };
}
