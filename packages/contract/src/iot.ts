/**
 * IoT self-service: SIM info, device, Sim layout and the IoT session (spec §3, §4).
 *
 * Units, everywhere in this file:
 * - money is integer fen (1 yuan = 100 fen);
 * - data flow is in MB (whole megabytes, 1 GB = 1024 MB);
 * - times named `...At` are epoch milliseconds UTC; fields named `...Date` are calendar dates
 *   `YYYY-MM-DD` in China Standard Time (UTC+8), the day carriers bill by.
 */
import { z } from 'zod';
import { capability } from './iot-capabilities.ts';

/** Card lifecycle at the carrier. */
export const SimStatus = { PENDING_ACTIVATION: 1, ACTIVE: 2, SUSPENDED: 3, CANCELLED: 4 } as const;
/** Real-name authentication of the card (carrier and platform alike). */
export const AuthStatus = { NONE: 0, DONE: 1, REVIEWING: 2, REJECTED: 3 } as const;
/** Whether mobile data is switched on for the card. */
export const InternetStatus = { OFF: 0, ON: 1 } as const;
/** Whether the card is attached to the network now; 3 (unknown) is the default. */
export const OnlineStatus = { ONLINE: 1, OFFLINE: 2, UNKNOWN: 3 } as const;
/** Platform record status; 1 is the default. */
export const RecordStatus = { NORMAL: 1, DISABLED: 2 } as const;
/** 1 = a plain SIM card (default), 2 = a SIM inside a device (portable Wi-Fi). */
export const SourceType = { SIM: 1, DEVICE: 2 } as const;
/** How the platform's own real-name check is done: 1 = carrier's official page, 2 = platform page (default). */
export const PlatformAuthType = { OFFICIAL: 1, PLATFORM: 2 } as const;
/** 1 = the bound phone number was verified by an SMS code, 2 = not verified (default). */
export const NumbAuth = { VERIFIED: 1, NOT_VERIFIED: 2 } as const;
/** 0 = binding a phone is not offered, 1 = optional, 2 = required before using the card. */
export const BindPhoneMode = { NONE: 0, OPTIONAL: 1, REQUIRED: 2 } as const;
/** Device network selection: 1 = automatic (best operator), 2 = fixed to the current SIM. */
export const DeviceNetworkMode = { AUTO: 1, FIXED: 2 } as const;
/** Package-duration and remaining-time units (spec §4). */
export const DurationUnit = { DAY: 1, MONTH: 2, YEAR: 3 } as const;
export type DurationUnitValue = (typeof DurationUnit)[keyof typeof DurationUnit];
/** Operator display code used for devices instead of the SIM's operator (spec §3). */
export const DEVICE_OPERATOR_DISPLAY = 99;
/** A duration of this many years or more is shown as lifetime (spec §4, §9). */
export const LIFETIME_YEARS = 20;
/** Login numbers kept on the login page, most recent first (spec §9). */
export const RECENT_LOGINS = 5;
/** Default number of menu items shown before "more" (spec §3, §9). */
export const DEFAULT_MAX_MENU_TIMES = 10;

const flow = (what: string) => z.number().int().describe(`${what}, in MB`);
const fen = (what: string) => z.number().int().describe(`${what}, in integer fen`);
const flag = (what: string) => z.boolean().describe(what);

/** True when a package duration is 20 years or more (shown as lifetime). */
export function isLifetimeDuration(duration: number, unit: DurationUnitValue): boolean {
  const years = unit === DurationUnit.YEAR ? duration : unit === DurationUnit.MONTH ? duration / 12 : duration / 365;
  return years >= LIFETIME_YEARS;
}

/** The recent-login list after logging in with `sn`: most recent first, no duplicates, at most 5. */
export function pushRecentLogin(list: readonly string[], sn: string): string[] {
  return [sn, ...list.filter((s) => s !== sn)].slice(0, RECENT_LOGINS);
}

/** Replaces the `[promoCode]` and `[sn]` placeholders of a url-type menu (spec §2). */
export function fillMenuUrl(url: string, values: { promoCode: string; sn: string }): string {
  return url.replaceAll('[promoCode]', encodeURIComponent(values.promoCode)).replaceAll('[sn]', encodeURIComponent(values.sn));
}

/** A Wi-Fi entry of a device (spec §3). A 5G entry exists only when its name and password are both set. */
export const wifiEntry = z.object({
  wifiType: z.enum(['2.4G', '5G']),
  wifiName: z.string(),
  wifiPass: z.string(),
  wifiEncrypt: z.string().describe('e.g. WPA2-PSK'),
  showWifi: flag('the network name is broadcast'),
  switchWifi: flag('the radio is on'),
  connCount: z.number().int().describe('devices connected now'),
  maxConnCount: z.number().int(),
});
export type WifiEntry = z.infer<typeof wifiEntry>;

export const deviceInfo = z.object({
  deviceNo: z.string(),
  model: z.string(),
  imei: z.string(),
  wifiEncrypt: z.string(),
  networkMode: z.number().int().describe('1 automatic, 2 fixed to the current SIM'),
  onlineStatus: z.number().int().describe('1 online, 2 offline, 3 unknown'),
  wifis: z.array(wifiEntry),
  live: z
    .object({
      online: z.boolean(),
      battery: z.number().int().describe('percent; -1 unknown'),
      signal: z.number().int().describe('0–5 bars; -1 unknown'),
      clients: z.number().int().describe('phones connected'),
      trafficMb: z.number().describe("the device's own traffic meter this month (MB)"),
      reportedAt: z.number().int().nullable(),
    })
    .nullable()
    .describe("the device's last report; null before its first"),
});
export type DeviceInfo = z.infer<typeof deviceInfo>;

/** A SIM inside the same device. */
export const viceSim = z.object({
  simNo: z.string(),
  iccid: z.string(),
  operatorType: z.number().int(),
  operatorTypeName: z.string(),
  simStatus: z.number().int(),
  authStatus: z.number().int(),
  slot: z.number().int().describe('slot in the device, from 1'),
  inUse: flag('the device uses this SIM now'),
  current: flag('the SIM of this session'),
});
export type ViceSim = z.infer<typeof viceSim>;

export const breakPopupAttr = z.object({
  title: z.string(),
  content: z.string(),
  image: z.string(),
  confirmText: z.string(),
});

/** VIP order (spec §3). Sold by a later module; `null` until then. */
export const vipOrder = z.object({
  id: z.number().int(),
  simId: z.number().int(),
  vipId: z.number().int(),
  uuid: z.string(),
  orderSn: z.string(),
  placeType: z.number().int(),
  actualPayMoney: fen('amount paid'),
  vipName: z.string(),
  logo: z.string(),
  packagePrice: fen('list price'),
  privileges: z.object({ gi: z.string(), items: z.array(z.object({ title: z.string(), icon: z.string(), content: z.string() })) }),
  startAt: z.number().int(),
  endAt: z.number().int(),
  validTag: z.number().int(),
  refundAt: z.number().int().nullable(),
  refundRemark: z.string(),
  refundType: z.number().int(),
  remark: z.string(),
  status: z.number().int(),
  updatedAt: z.number().int(),
  createdAt: z.number().int(),
  packageDiscount: z.number().int().describe('percent of a package price paid while this VIP runs (100: no discount)'),
  payMethod: z.string().describe('"balance" or the online method'),
});
export type VipOrder = z.infer<typeof vipOrder>;

/** Accelerate (speed-up) order (spec §3): a speed profile held by the carrier for a window. */
export const accelerateOrder = vipOrder.omit({ vipId: true, vipName: true, privileges: true, packageDiscount: true }).extend({
  accelerateId: z.number().int(),
  accelerateName: z.string(),
  speedCode: z.string().describe('the carrier speed profile, e.g. 5G_300M'),
  speedMbps: z.number().int().describe('downlink of the profile'),
  durationHours: z.number().int(),
  payMethod: z.string().describe('"balance" or the online method'),
  status: z.number().int().describe('0 awaiting payment, 1 paid, 2 refunded, 3 closed unpaid'),
  carrierState: z
    .enum(['waiting', 'applied', 'restored', 'refused'])
    .describe('waiting: not (yet) at the carrier; applied: the carrier holds the speed; restored: back to normal; refused'),
});
export type AccelerateOrder = z.infer<typeof accelerateOrder>;

/**
 * SIM info (spec §3): every field, for the SIM of the session only. Status codes are the
 * constants above.
 */
export const simInfo = z.object({
  simNo: z.string(),
  iccid: z.string(),
  imsi: z.string(),
  imei: z.string(),
  mobile: z.string().describe('bound phone, masked as 138****8001; empty when none'),
  balance: fen('balance'),
  arrearsBalance: fen('arrears owed'),
  integral: z.number().int().describe('points'),
  couponCoin: fen('coupon coins (1 coin = 1 fen)'),
  simStatus: z.number().int().describe('1 pending activation, 2 active, 3 suspended, 4 cancelled'),
  authStatus: z.number().int().describe('carrier real-name: 0 none, 1 done, 2 under review, 3 rejected'),
  authPlatformStatus: z.number().int().describe('platform real-name: 0 none, 1 done, 2 under review, 3 rejected'),
  internetStatus: z.number().int().describe('0 data off, 1 data on'),
  onlineStatus: z.number().int().describe('1 online, 2 offline, 3 unknown'),
  cancelStatus: z.number().int().describe('0 no, 1 cancelled'),
  replaceStatus: z.number().int().describe('0 no, 1 replaced by a new card'),
  totalFlow: flow('allowance of the current packages (0 when unlimited)'),
  useFlow: flow('used from the current packages'),
  status: z.number().int().describe('platform record: 1 normal, 2 disabled'),
  endAt: z.number().int().nullable().describe('end of the current packages (epoch ms); null without a package'),
  lastRobinAt: z.number().int().nullable().describe('last carrier synchronisation (epoch ms)'),
  createdAt: z.number().int(),
  operatorType: z.number().int().describe('1 telecom, 2 unicom, 3 broadnet, 4 mobile (default)'),
  operatorTypeName: z.string(),
  operatorDisplayType: z.number().int().describe('operator code to display: 99 for a device, else operatorType'),
  dayUseFlow: flow('used today (UTC+8 day)'),
  monthUseFlow: flow('used this calendar month (UTC+8)'),
  surplusFlow: flow('left in the current packages (0 when unlimited: see isInfiniteFlow)'),
  surplusTime: z.number().int().describe('validity left, in surplusUnit'),
  surplusUnit: z.number().int().describe('1 days, 2 months, 3 years'),
  surplusTimeTips: z.string().describe('validity left as text in the request language, e.g. "12 days left" or "Lifetime"'),
  isLifetime: flag('validity of 20 years or more'),
  needBuyCoupon: flag('arrears must be paid by a top-up first'),
  bindPhoneMode: z.number().int().describe('0 not offered, 1 optional, 2 required'),
  apn: z.string(),
  promoCode: z.string(),
  needBuyPackage: flag('no package in effect'),
  needAuth: flag('carrier real-name authentication is missing'),
  needPlatformAuth: flag('platform real-name authentication is required and missing'),
  platformAuthType: z.number().int().describe('1 official page, 2 platform page'),
  existPayPassword: flag('a pay password is set'),
  cardPasswordMode: flag('logging in by number needs the card password'),
  sourceType: z.number().int().describe('1 SIM, 2 device'),
  deviceNo: z.string().describe('empty for a plain SIM'),
  rechargeNo: z.string().describe('number to recharge: the device number for a device, else the SIM number'),
  rechargeNoLabel: z.enum(['deviceNumber', 'rechargeNumber']).describe('translation key of the label of rechargeNo'),
  isInfiniteFlow: flag('a package in effect has unlimited data'),
  rechargeTimes: z.number().int().describe('paid top-ups and purchases so far'),
  numbAuth: z.number().int().describe('1 bound phone verified, 2 not verified'),
  breakRuleId: z.number().int().describe('rule the card broke; 0 when not in break state'),
  breakTips: z.string(),
  breakNoClose: flag('the break popup cannot be closed'),
  breakRemoveAt: z.number().int().nullable().describe('from when the holder may remove the break (epoch ms)'),
  allowRemoveBreak: flag('the holder may remove the break now (POST /api/iot/simRemoveBreak)'),
  breakPopupAttr: breakPopupAttr.nullable(),
  device: deviceInfo.nullable(),
  sessionProven: flag(
    "the session proved possession of the card (SMS code or card password): until it does, Wi-Fi passwords read empty and the device's secrets and controls answer 41003 (POST /api/iot/simProve)",
  ),
  viceSims: z.array(viceSim).describe('SIMs of the same device, this one included; empty for a plain SIM'),
  capabilities: z
    .array(capability)
    .describe("what the card offers, by its device's model and its operator: the app shows these menus only (contract iot-capabilities)"),
  volumePackageId: z.number().int().describe('pay-per-use volume package in effect; 0 when none'),
  volume: z
    .object({ useFlow: flow('used on the volume package'), totalMoney: fen('charged so far'), gPrice: fen('price per GB') })
    .nullable(),
  simShopLayout: z.object({
    domain: z.string(),
    promoCode: z.string(),
    version: z.number().int().describe('changes when the layout changes; GET /api/iot/simLayout gives the layout'),
  }),
  vipOrder: vipOrder.nullable(),
  accelerateOrder: accelerateOrder.nullable(),
  hasAccelerate: flag('a speed-up is in effect'),
  deviceNetworkMode: z.number().int().describe('device only: 1 automatic, 2 fixed; 0 for a plain SIM'),
  warrantyExpireDate: z.string().describe('YYYY-MM-DD; empty without warranty'),
  warrantyExpireTag: z.enum(['none', 'valid', 'expiring', 'expired']).describe('expiring: within 30 days'),
  warrantyContent: z.string(),
});
export type SimInfo = z.infer<typeof simInfo>;

// ---------------------------------------------------------------- layout

/** A menu item. `page`: internal path (with `type=page` in it: a tab-style switch); `url`: external link with [promoCode] and [sn]. Other types are shown as not supported. */
export const layoutMenu = z.object({
  key: z.string(),
  title: z.string(),
  icon: z.string(),
  type: z.string().describe('page | url | anything else (not supported yet)'),
  path: z.string().describe('page path or http(s) url'),
});
export type LayoutMenu = z.infer<typeof layoutMenu>;

export const layoutCarousel = z.object({ image: z.string(), title: z.string(), type: z.string(), path: z.string() });

/** An item of a header or item card: `key` names the SIM-info value shown (balance, integral, couponCoin, surplusFlow, endAt, simStatus, authStatus, operator, onlineStatus...). */
export const layoutItem = z.object({ key: z.string(), title: z.string(), icon: z.string(), path: z.string() });

/** A widget of a page, in display order: header, simStatusTips, notice, flowCard, itemCard, menus, swiper, warranty (home); asset, vip, carousel, menus, service (user page). */
export const layoutElement = z.object({
  key: z.string(),
  switch: z.boolean(),
  title: z.string(),
  style: z.string().describe('variant, e.g. ring or bar for flowCard'),
  items: z.array(layoutItem),
});

export const layoutService = z.object({
  kefuUrl: z.string(),
  kefuMobile: z.string(),
  kefuQr: z.string(),
  wechat: z.string(),
  workTime: z.string(),
});

export const headerKey = z.enum(['default', 'gradual', 'simple']);

/** Sim layout of a promoter (spec §3). */
export const simLayout = z.object({
  name: z.string(),
  logo: z.string(),
  avatar: z.string(),
  refreshSwitch: z.boolean().describe('pull to refresh is offered'),
  packageLamp: z.boolean().describe('show the package marquee'),
  kefuUrl: z.string(),
  notice: z.string(),
  maxMenuTimes: z.number().int().min(1).max(50).default(DEFAULT_MAX_MENU_TIMES),
  menus: z.array(layoutMenu),
  carousels: z.array(layoutCarousel),
  popup: z.object({ switch: z.boolean(), title: z.string(), content: z.string() }),
  tabBar: z.object({
    switch: z.boolean(),
    middleBulge: z.boolean(),
    items: z.array(z.object({ path: z.string(), switch: z.boolean(), text: z.string(), icon: z.string(), selectedIcon: z.string() })),
  }),
  user: z.object({
    elements: z.array(layoutElement),
    carousels: z.array(layoutCarousel),
    maxMenuTimes: z.number().int().min(1).max(50).default(DEFAULT_MAX_MENU_TIMES),
    menus: z.array(layoutMenu),
    service: layoutService,
  }),
  index: z.object({
    elements: z.array(layoutElement),
    header: z.object({
      key: headerKey,
      data: z.object({
        background: z.string(),
        color: z.string(),
        infoItems: z.array(layoutItem),
        statusItems: z.array(layoutItem),
      }),
    }),
  }),
});
export type SimLayout = z.infer<typeof simLayout>;

export const notice = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  startAt: z.number().int(),
  endAt: z.number().int().nullable(),
});

/** GET /api/iot/simLayout: the layout of the SIM's promoter, its version and the notices in force. */
export const simLayoutReply = z.object({
  promoCode: z.string(),
  version: z.number().int(),
  layout: simLayout,
  notices: z.array(notice),
});
export type SimLayoutReply = z.infer<typeof simLayoutReply>;
