/**
 * Wi-Fi cards and one-machine-one-code (spec §2 /pages-sub/wifi/*, /pages-sub/iot/machineCode/index;
 * §7 GET /api/site/getWifiCode, POST /api/site/wifiCreate, POST /api/iot/wifiCreate, GET
 * /api/site/getOneCode, GET /api/site/generalOneCodeById). A Wi-Fi card is a link (a random token)
 * that shows one network's name and password with a "join" QR to whoever holds it, until it expires or
 * its owner revokes it. A machine code is a random token printed on a device: scanning it opens the
 * device's recharge page without a login, and allows a top-up only.
 */
import { z } from 'zod';
import { iotOrderStatus, topupOffer } from './iot-money.ts';
import { msg } from './messages.ts';
import { fen } from './money.ts';
import { paymentMethod, paymentView } from './payments.ts';

/** 128 random bits, base64url: the token of a Wi-Fi card, its owner key, and a machine code. */
export const TOKEN = /^[A-Za-z0-9_-]{22}$/;
const token = z.string().regex(TOKEN, msg('validation.format'));

export const WIFI_ENCRYPTIONS = ['WPA', 'WEP', 'nopass'] as const;
export const wifiEncryption = z.enum(WIFI_ENCRYPTIONS);
export type WifiEncryption = z.infer<typeof wifiEncryption>;
export const wifiBand = z.enum(['2.4G', '5G']);

/** How long a Wi-Fi card lasts: 1 to 90 days, 7 by default. */
export const WIFI_SHARE_MAX_DAYS = 90;
const days = z.number().int().min(1).max(WIFI_SHARE_MAX_DAYS).default(7).describe('days the card lasts (1-90)');
const title = z.string().max(40).default('').describe('a caption shown on the card, e.g. the shop’s name');

/** POST /api/site/wifiCreate: a Wi-Fi card for any network (a shop's guest Wi-Fi), no login needed. */
export const siteWifiCreateBody = z.object({
  ssid: z.string().min(1).max(32).describe('the network name, 1-32 bytes in UTF-8'),
  password: z
    .string()
    .max(64)
    .default('')
    .describe('WPA: 8-63 printable ASCII or 64 hex digits; WEP: 5 or 13 characters, or 10 or 26 hex digits; nopass: empty'),
  encryption: wifiEncryption.default('WPA'),
  hidden: z.boolean().default(false),
  title,
  days,
});
export type SiteWifiCreateBody = z.infer<typeof siteWifiCreateBody>;

/** POST /api/iot/wifiCreate: a Wi-Fi card for a band of the session's device, as it is now. */
export const iotWifiCreateBody = z.object({ wifiType: wifiBand.default('2.4G'), title, days });
export type IotWifiCreateBody = z.infer<typeof iotWifiCreateBody>;

/** Reply of both wifiCreate calls. The owner key is shown once: it is what revokes the card. */
export const wifiShareCreated = z.object({
  token: z.string().describe('opens the card: /pages-sub/wifi/connect?token='),
  ownerKey: z.string().describe('revokes the card (POST /api/site/wifiRevoke); keep it private'),
  ssid: z.string(),
  expiresAt: z.number().int(),
});
export type WifiShareCreated = z.infer<typeof wifiShareCreated>;

/** POST /api/site/wifiRevoke */
export const wifiRevokeBody = z.object({ token, ownerKey: token });

/** GET /api/site/getWifiCode: a card's network by its token, or (with a SIM session) a band of the card's device. */
export const wifiCodeQuery = z
  .object({ token: token.optional(), wifiType: wifiBand.optional() })
  .refine((q) => (q.token === undefined) !== (q.wifiType === undefined), { message: msg('validation.required'), path: ['token'] });

export const wifiCode = z.object({
  ssid: z.string(),
  password: z.string(),
  encryption: wifiEncryption,
  hidden: z.boolean(),
  title: z.string(),
  /** The text of the QR a phone camera joins with: WIFI:T:…;S:…;P:…;; */
  qrText: z.string(),
  /** The QR as an SVG data URL, made on the server. */
  qrSvg: z.string(),
  /** When a card ends (null: the device's own network). */
  expiresAt: z.number().int().nullable(),
});
export type WifiCode = z.infer<typeof wifiCode>;

// ── One machine one code ─────────────────────────────────────────────────────────────────────

export const ONE_CODE_BLOCKS = [
  'RechargeNo',
  'BtnRecharge',
  'ScanRecharge',
  'AppRecharge',
  'MPRecharge',
  'OfficialRecharge',
  'OnlineService',
  'PhoneService',
  'CustomRichText',
  'VideoTutorial',
] as const;
export const oneCodeBlockType = z.enum(ONE_CODE_BLOCKS);
export type OneCodeBlockType = z.infer<typeof oneCodeBlockType>;

/** A part of a recharge page, configured per promoter. */
export const oneCodeBlock = z.object({
  id: z.number().int(),
  type: oneCodeBlockType,
  title: z.string(),
  /** CustomRichText: sanitised HTML. */
  content: z.string(),
  /** AppRecharge, MPRecharge, OfficialRecharge, OnlineService: the link; VideoTutorial: the video file. */
  url: z.string(),
  /** PhoneService: the number to call. */
  phone: z.string(),
});
export type OneCodeBlock = z.infer<typeof oneCodeBlock>;

export const oneCodeQuery = z.object({ code: token });

/** GET /api/site/getOneCode: what a recharge page needs, and nothing more about the card. */
export const oneCodeInfo = z.object({
  code: z.string(),
  /** The number being topped up, masked: 144****0002. */
  maskedNo: z.string(),
  /** The device's number, masked; empty for a plain SIM. */
  maskedDeviceNo: z.string(),
  operatorTypeName: z.string(),
  blocks: z.array(oneCodeBlock),
  offers: z.array(topupOffer),
  allowCustom: z.boolean(),
  minAmount: z.number().int(),
  maxAmount: z.number().int(),
  payMethods: z.array(paymentMethod),
});
export type OneCodeInfo = z.infer<typeof oneCodeInfo>;

/** GET /api/site/generalOneCodeById (SIM session): the code of the session's machine, made on first ask. */
export const myOneCode = z.object({
  code: z.string(),
  /** The app page the code opens. */
  page: z.string(),
  createdAt: z.number().int(),
});
export type MyOneCode = z.infer<typeof myOneCode>;

/** POST /api/site/oneCodeRecharge: a balance top-up through the code (no login). Header idempotency-key recommended. */
export const oneCodeRechargeBody = z
  .object({
    code: token,
    offerId: z.number().int().positive().optional(),
    amount: fen(1).optional().describe('custom amount in fen, when no offer'),
    method: z.string().min(1).max(32),
  })
  .refine((b) => (b.offerId === undefined) !== (b.amount === undefined), { message: msg('validation.offerOrAmount'), path: ['offerId'] });
export type OneCodeRechargeBody = z.infer<typeof oneCodeRechargeBody>;

/** A top-up made through a code, as its payer sees it. */
export const oneCodeOrder = z.object({
  orderNo: z.string(),
  status: iotOrderStatus,
  payAmount: z.number().int(),
  creditBalance: z.number().int(),
  arrearsSettled: z.number().int(),
});
export type OneCodeOrder = z.infer<typeof oneCodeOrder>;

export const oneCodeRechargeReply = z.object({ order: oneCodeOrder, payment: paymentView });
export type OneCodeRechargeReply = z.infer<typeof oneCodeRechargeReply>;

/** GET /api/site/oneCodeOrder: a top-up of this code, polled after the cashier. */
export const oneCodeOrderQuery = z.object({ code: token, orderNo: z.string().regex(/^I\d{26}$/, msg('validation.iotOrderNo')) });
