import { carrierFreshness } from '@simshop/contract/carrier-accounts';
import type { Language } from '@simshop/contract/headers';
import {
  type AccelerateOrder,
  accelerateOrder as accelerateOrderSchema,
  type SimInfo,
  type SimLayout,
  simInfo,
  simLayoutReply,
  type VipOrder,
} from '@simshop/contract/iot';
import { officialAuthReply, realnameConsent, simBindMobileReply, simRealnameInfo } from '@simshop/contract/iot-account';
import { usageAlertList, usageForecast } from '@simshop/contract/iot-alerts';
import { myOneCode, oneCodeInfo, oneCodeOrder, wifiCode } from '@simshop/contract/iot-codes';
import {
  commandListReply,
  type DeviceCommand,
  deviceCommand,
  deviceSmsList,
  deviceStatus,
  securityCentre,
  switchNetInfo,
  wirelessAuthList,
} from '@simshop/contract/iot-device';
import {
  accelerateListReply,
  accelerateOrderPage,
  couponExchangeListReply,
  exchangePage,
  simCouponListReply,
  taskCenterReply,
  type VipPlan,
  vipListReply,
  vipOrderDetailsReply,
} from '@simshop/contract/iot-engage';
import { simLoginCodeReply, simLoginConfig, simSession } from '@simshop/contract/iot-login';
import {
  type CatalogPackage,
  type IotOrderView,
  iotOrderPage,
  iotOrderReply,
  ledgerPage,
  packageChooseReply,
  packageDetailsReply,
  payPassStatus,
  renewOptionReply,
  topupChooseReply,
} from '@simshop/contract/iot-money';
import { autoRulesReply } from '@simshop/contract/iot-rules';
import { changeSimList, protocol, simDiagnosis, simHistoryLine, simRefreshReply } from '@simshop/contract/iot-sims';
import { simTimeline } from '@simshop/contract/iot-timeline';
import {
  goodsDetailsReply,
  goodsShopStoreReply,
  integralShopIndexReply,
  type MallGoods,
  type ShopOrderDetails,
  shopOrderDetails,
  shopOrderPage,
  shopOrderSummary,
  simAddressList,
} from '@simshop/contract/mall';
import { simOauthList } from '@simshop/contract/oauth';
import { z } from 'zod';
import {
  DAY,
  DEVICE_NO,
  GB,
  HOUR,
  ICCID,
  iotOrderNo,
  MINUTE,
  mallOrderNo,
  OPERATORS,
  PROMO_CODE,
  REGIONS,
  SIM_NO,
  type Tri,
  tri,
} from './fake-data.ts';
import { type FakeRoute, route } from './fake-routes.ts';

const IMG = '/shop/static';
// Reply schemas the contract names inline in its routes (made once: zod compiles a schema on first use).
const nothing = z.null();
const accelerateOrderDetails = z.object({ order: accelerateOrderSchema });
const SAND = { method: 'sandbox', name: '' };
const payMethods = (l: Language) => [{ ...SAND, name: tri('Sandbox pay', '沙箱支付', '沙箱支付')[l] }];

/** The demo card: a SIM in a portable Wi-Fi device with a second SIM, every capability, a package in effect. */
export function demoSimInfo(now: number, l: Language): SimInfo {
  const op = OPERATORS['4']!;
  return {
    simNo: SIM_NO,
    iccid: ICCID,
    imsi: '460001234567890',
    imei: '861234567890123',
    mobile: '138****8001',
    balance: 5680,
    arrearsBalance: 0,
    integral: 1280,
    couponCoin: 1500,
    simStatus: 2,
    authStatus: 1,
    authPlatformStatus: 1,
    internetStatus: 1,
    onlineStatus: 1,
    cancelStatus: 0,
    replaceStatus: 0,
    totalFlow: 30 * GB,
    useFlow: 12 * GB + 300,
    status: 1,
    endAt: now + 18 * DAY,
    lastRobinAt: now - 20 * MINUTE,
    createdAt: now - 200 * DAY,
    operatorType: 4,
    operatorTypeName: op[l],
    operatorDisplayType: 99,
    dayUseFlow: 820,
    monthUseFlow: 12 * GB + 300,
    surplusFlow: 17 * GB + 724,
    surplusTime: 18,
    surplusUnit: 1,
    surplusTimeTips: tri('18 days left', '剩余 18 天', '剩餘 18 天')[l],
    isLifetime: false,
    needBuyCoupon: false,
    bindPhoneMode: 1,
    apn: 'cmiot',
    promoCode: PROMO_CODE,
    needBuyPackage: false,
    needAuth: false,
    needPlatformAuth: false,
    platformAuthType: 2,
    existPayPassword: true,
    cardPasswordMode: false,
    sourceType: 2,
    deviceNo: DEVICE_NO,
    rechargeNo: DEVICE_NO,
    rechargeNoLabel: 'deviceNumber',
    isInfiniteFlow: false,
    rechargeTimes: 6,
    numbAuth: 1,
    breakRuleId: 0,
    breakTips: '',
    breakNoClose: false,
    breakRemoveAt: null,
    allowRemoveBreak: false,
    breakPopupAttr: null,
    sessionProven: true,
    device: {
      deviceNo: DEVICE_NO,
      model: 'MF-800',
      imei: '861234567890123',
      wifiEncrypt: 'WPA2-PSK',
      networkMode: 1,
      onlineStatus: 1,
      wifis: [
        {
          wifiType: '2.4G',
          wifiName: 'MiFi-8001',
          wifiPass: 'mifi8001pass',
          wifiEncrypt: 'WPA2-PSK',
          showWifi: true,
          switchWifi: true,
          connCount: 2,
          maxConnCount: 10,
        },
        {
          wifiType: '5G',
          wifiName: 'MiFi-8001-5G',
          wifiPass: 'mifi8001pass',
          wifiEncrypt: 'WPA2-PSK',
          showWifi: true,
          switchWifi: true,
          connCount: 1,
          maxConnCount: 10,
        },
      ],
      live: { online: true, battery: 76, signal: 4, clients: 3, trafficMb: 12 * GB + 300, reportedAt: now - 2 * MINUTE },
    },
    viceSims: [
      {
        simNo: SIM_NO,
        iccid: ICCID,
        operatorType: 4,
        operatorTypeName: op[l],
        simStatus: 2,
        authStatus: 1,
        slot: 1,
        inUse: true,
        current: true,
      },
      {
        simNo: '1440000000002',
        iccid: '89860112345678905678',
        operatorType: 2,
        operatorTypeName: OPERATORS['2']![l],
        simStatus: 2,
        authStatus: 1,
        slot: 2,
        inUse: false,
        current: false,
      },
    ],
    capabilities: ['wifiControl', 'fiveG', 'switchSim', 'networkMode', 'terminalAuth', 'securityCentre', 'speedUp'],
    volumePackageId: 0,
    volume: null,
    simShopLayout: { domain: '', promoCode: PROMO_CODE, version: 3 },
    vipOrder: null,
    accelerateOrder: null,
    hasAccelerate: false,
    deviceNetworkMode: 1,
    warrantyExpireDate: new Date(now + 200 * DAY).toISOString().slice(0, 10),
    warrantyExpireTag: 'valid',
    warrantyContent: tri(
      'One-year warranty on the device; the battery is covered for six months.',
      '设备保修一年，电池保修六个月。',
      '裝置保固一年，電池保固六個月。',
    )[l],
  };
}

const menu = (key: string, title: Tri, path: string, l: Language, type = 'page') => ({ key, title: title[l], icon: '', type, path });
const item = (key: string, title: Tri, path: string, l: Language) => ({ key, title: title[l], icon: '', path });
const el = (key: string, title: Tri | null, l: Language, style = '', items: ReturnType<typeof item>[] = []) => ({
  key,
  switch: true,
  title: title ? title[l] : '',
  style,
  items,
});

/** The demo promoter's SIM layout: every widget of the home and user pages, menus of every kind. */
export function demoLayout(l: Language): SimLayout {
  const T = {
    buy: tri('Buy a package', '套餐订购', '套餐訂購'),
    topup: tri('Top up', '余额充值', '餘額儲值'),
    task: tri('Daily tasks', '任务签到', '任務簽到'),
    exchange: tri('Coupon exchange', '券币兑换', '券幣兌換'),
    boost: tri('Speed boost', '加速包', '加速包'),
    info: tri('Package details', '套餐详情', '套餐詳情'),
    history: tri('Usage history', '用量记录', '用量記錄'),
    orders: tri('Orders', '订单记录', '訂單記錄'),
    mall: tri('Points mall', '积分商城', '積分商城'),
    realname: tri('Real-name authentication', '实名认证', '實名認證'),
    bind: tri('Bind phone', '绑定手机', '綁定手機'),
    diagnose: tri('Connection check', '网络诊断', '網路診斷'),
    service: tri('Customer service', '联系客服', '聯絡客服'),
    device: tri('Device settings', '设备管理', '裝置管理'),
    switchNet: tri('Switch network', '切换网络', '切換網路'),
    vip: tri('VIP', '会员中心', '會員中心'),
  };
  return {
    name: tri('IoT SIM self-service', '物联网卡自助服务', '物聯網卡自助服務')[l],
    logo: `${IMG}/logo.svg`,
    avatar: `${IMG}/avatar.svg`,
    refreshSwitch: true,
    packageLamp: true,
    kefuUrl: '',
    notice: tri('Packages renew on the 1st of each month.', '套餐每月 1 日刷新。', '套餐每月 1 日重新整理。')[l],
    maxMenuTimes: 8,
    menus: [
      menu('package', T.buy, '/pages/iot/index/package/index', l),
      menu('balance', T.topup, '/pages/iot/index/balance/index', l),
      menu('wifi', tri('Wi-Fi', 'Wi-Fi', 'Wi-Fi'), '/pages-sub/wifi/index', l),
      menu('task', T.task, '/pages-sub/iot/task/index', l),
      menu('couponExchange', T.exchange, '/pages-sub/iot/index/couponExchange/index', l),
      menu('accelerate', T.boost, '/pages-sub/iot/index/accelerate/index', l),
      menu('packageInfo', T.info, '/pages-sub/iot/index/packageInfo/index', l),
      menu('historyLine', T.history, '/pages-sub/iot/index/historyLine/index', l),
      menu('orderLogs', T.orders, '/pages/iot/index/orderLogs/index', l),
      menu('integralShop', T.mall, '/pages-sub/iot/integralShop/index', l),
      menu('realnameAuth', T.realname, '/pages/iot/index/realnameAuth/index', l),
      menu('diagnose', T.diagnose, '/pages-sub/iot/index/diagnose/index', l),
      menu('deviceManage', T.device, '/pages-sub/iot/deviceManage/index', l),
      menu('switchNet', T.switchNet, '/pages/iot/index/switchNet/index', l),
      menu('guide', tri('User guide', '使用指南', '使用指南'), 'https://help.example.com/guide?promo=[promoCode]&sn=[sn]', l, 'url'),
    ],
    carousels: [
      {
        image: `${IMG}/banner-2.svg`,
        title: tri('Speed boost', '加速包', '加速包')[l],
        type: 'page',
        path: '/pages-sub/iot/index/accelerate/index',
      },
    ],
    popup: { switch: false, title: '', content: '' },
    tabBar: {
      switch: true,
      middleBulge: false,
      items: [
        { path: '/pages/iot/index/index', switch: true, text: tri('Home', '首页', '首頁')[l], icon: '', selectedIcon: '' },
        { path: '/pages/iot/index/package/index', switch: true, text: tri('Packages', '套餐', '套餐')[l], icon: '', selectedIcon: '' },
        { path: '/pages-sub/iot/user/index', switch: true, text: tri('Me', '我的', '我的')[l], icon: '', selectedIcon: '' },
      ],
    },
    user: {
      elements: [
        el('asset', tri('My assets', '我的资产', '我的資產'), l),
        el('vip', tri('VIP', '会员', '會員'), l),
        el('carousel', null, l),
        el('menus', tri('Shortcuts', '常用功能', '常用功能'), l),
        el('service', tri('Customer service', '客服中心', '客服中心'), l),
      ],
      carousels: [],
      maxMenuTimes: 8,
      menus: [
        menu('orderLogs', T.orders, '/pages/iot/index/orderLogs/index', l),
        menu('task', T.task, '/pages-sub/iot/task/index', l),
        menu('vip', T.vip, '/pages-sub/iot/index/vip/index', l),
        menu('integralShop', T.mall, '/pages-sub/iot/integralShop/index', l),
        menu('changeDevice', tri('Switch card', '切换卡片', '切換卡片'), '/pages-sub/iot/user/changeDevice/index', l),
        menu('bindPhone', T.bind, '/pages/iot/index/bindPhone/index', l),
        menu('oauth', tri('Linked WeChat', '绑定微信', '綁定微信'), '/pages-sub/iot/user/oauth/index', l),
        menu('protocol', tri('Service agreement', '服务协议', '服務協議'), '/pages/iot/login/protocol', l),
        menu('customer', T.service, '/pages/iot/index/customer/index', l),
      ],
      service: {
        kefuUrl: '',
        kefuMobile: '400-800-1234',
        kefuQr: '',
        wechat: 'simshop-service',
        workTime: tri('Daily 9:00–21:00', '每天 9:00–21:00', '每天 9:00–21:00')[l],
      },
    },
    index: {
      elements: [
        el('header', null, l),
        el('simStatusTips', null, l),
        el('notice', null, l),
        el('flowCard', tri('Data usage', '流量使用', '流量使用'), l, 'ring'),
        el('itemCard', null, l, '', [
          item('balance', tri('Balance', '余额', '餘額'), '/pages/iot/index/balance/index', l),
          item('integral', tri('Points', '积分', '積分'), '/pages-sub/iot/index/integralLog/index', l),
          item('couponCoin', tri('Coupon coins', '券币', '券幣'), '/pages-sub/iot/index/couponExchange/index', l),
        ]),
        el('menus', tri('Shortcuts', '常用功能', '常用功能'), l),
        el('swiper', null, l),
        el('warranty', tri('Device warranty', '设备保修', '裝置保固'), l),
      ],
      header: {
        key: 'default',
        data: {
          background: '#018d71',
          color: '#ffffff',
          infoItems: [
            item('balance', tri('Balance', '余额', '餘額'), '', l),
            item('surplusFlow', tri('Data left', '剩余流量', '剩餘流量'), '', l),
            item('endAt', tri('Expires', '到期时间', '到期時間'), '', l),
          ],
          statusItems: [
            item('simStatus', tri('Card status', '卡状态', '卡狀態'), '', l),
            item('authStatus', tri('Real-name status', '实名状态', '實名狀態'), '', l),
            item('operator', tri('Operator', '运营商', '電信業者'), '', l),
          ],
        },
      },
    },
  };
}

const PKG_RULES = [
  tri('A package cannot be cancelled once in effect.', '套餐生效后不可退订', '套餐生效後不可退訂'),
  tri('Data is for use in mainland China only.', '流量仅限国内使用，不含港澳台', '流量僅限國內使用，不含港澳台'),
];

function pkg(
  id: number,
  kind: CatalogPackage['kind'],
  name: Tri,
  price: number,
  flowGb: number,
  l: Language,
  extra: Partial<CatalogPackage> = {},
) {
  return {
    id,
    kind,
    name: name[l],
    description: tri(
      `${flowGb}GB nationwide data for one month`,
      `${flowGb}GB 全国通用流量，1 个月有效`,
      `${flowGb}GB 全國通用流量，1 個月有效`,
    )[l],
    tag: '',
    flowMb: flowGb * GB,
    unlimited: false,
    gPrice: 0,
    price,
    originalPrice: price,
    duration: 1,
    durationUnit: 2,
    isLifetime: false,
    effects: ['now', 'next'],
    defaultEffect: 'now',
    renewable: kind === 'base',
    couponDeductMax: 500,
    seckill: null,
    ...extra,
  } satisfies CatalogPackage;
}

function catalogue(now: number, l: Language) {
  return {
    base: [
      pkg(11, 'base', tri('30GB monthly package', '全国通用流量 30GB 月包', '全國通用流量 30GB 月包'), 1990, 30, l, {
        originalPrice: 2900,
      }),
      pkg(12, 'base', tri('100GB monthly package', '全国通用流量 100GB 月包', '全國通用流量 100GB 月包'), 3900, 100, l, {
        tag: tri('Hot', '热销', '熱銷')[l],
      }),
    ],
    addon: [pkg(21, 'addon', tri('10GB add-on', '10GB 加油包', '10GB 加油包'), 990, 10, l, { effects: ['now'], renewable: false })],
    volume: [],
    seckill: [
      pkg(31, 'base', tri('Flash sale: 50GB monthly', '秒杀 50GB 月包', '秒殺 50GB 月包'), 990, 50, l, {
        originalPrice: 2900,
        seckill: { startsAt: now - HOUR, endsAt: now + 5 * HOUR, stock: 100, sold: 37, left: 63, state: 'ongoing' },
      }),
    ],
  };
}

const orderTitle = tri('30GB monthly package', '全国通用流量 30GB 月包', '全國通用流量 30GB 月包');

function iotOrder(now: number, l: Language, serial: number, kind: IotOrderView['kind']): IotOrderView {
  const topup = kind !== 'package';
  return {
    orderNo: iotOrderNo(serial),
    kind,
    status: 'effective',
    title: topup ? tri('Top up ¥50', '充值 50 元', '儲值 50 元')[l] : orderTitle[l],
    amount: topup ? 5000 : 1990,
    payAmount: topup ? 5000 : 1990,
    coinAmount: 0,
    creditBalance: kind === 'balance' ? 5500 : 0,
    creditCoin: kind === 'coupon' ? 5500 : 0,
    arrearsSettled: 0,
    payMethod: topup ? 'sandbox' : 'balance',
    effect: topup ? null : 'now',
    packageStartsAt: topup ? null : now - 12 * DAY,
    packageEndsAt: topup ? null : now + 18 * DAY,
    failReason: '',
    createdAt: now - (12 + serial) * DAY,
    paidAt: now - (12 + serial) * DAY,
    effectiveAt: now - (12 + serial) * DAY,
    refundedAt: null,
  };
}

const PRIVILEGES = (l: Language) => ({
  gi: tri('Member privileges', '会员权益', '會員權益')[l],
  items: [
    { title: tri('5% off packages', '套餐 95 折', '套餐 95 折')[l], icon: '', content: tri('Every package', '所有套餐', '所有套餐')[l] },
    { title: tri('Double points', '双倍积分', '雙倍積分')[l], icon: '', content: tri('Sign-ins and tasks', '签到与任务', '簽到與任務')[l] },
  ],
});

function vipPlans(l: Language): VipPlan[] {
  return [
    {
      id: 21,
      name: tri('Silver VIP · 1 month', '白银会员 · 月卡', '白銀會員 · 月卡')[l],
      logo: `${IMG}/vip-silver.svg`,
      price: 990,
      originalPrice: 1990,
      durationDays: 30,
      packageDiscount: 95,
      privileges: PRIVILEGES(l),
    },
    {
      id: 22,
      name: tri('Gold VIP · 3 months', '黄金会员 · 季卡', '黃金會員 · 季卡')[l],
      logo: `${IMG}/vip-gold.svg`,
      price: 2490,
      originalPrice: 5970,
      durationDays: 90,
      packageDiscount: 90,
      privileges: PRIVILEGES(l),
    },
  ];
}

function vipOrder(now: number, l: Language): VipOrder {
  return {
    id: 5,
    simId: 1,
    vipId: 21,
    uuid: '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b',
    orderSn: 'V20260510120000000005',
    placeType: 1,
    actualPayMoney: 990,
    vipName: vipPlans(l)[0]!.name,
    logo: `${IMG}/vip-silver.svg`,
    packagePrice: 1990,
    privileges: PRIVILEGES(l),
    startAt: now - 40 * DAY,
    endAt: now - 10 * DAY,
    validTag: 0,
    refundAt: null,
    refundRemark: '',
    refundType: 0,
    remark: '',
    status: 1,
    updatedAt: now - 40 * DAY,
    createdAt: now - 40 * DAY,
    packageDiscount: 95,
    payMethod: 'balance',
  };
}

const BOOSTS = (l: Language) => [
  {
    id: 31,
    name: tri('5G boost · 2 hours', '5G 极速 · 2 小时', '5G 極速 · 2 小時')[l],
    logo: `${IMG}/boost.svg`,
    speedCode: '5G_300M',
    speedMbps: 300,
    durationHours: 2,
    price: 300,
    originalPrice: 500,
  },
  {
    id: 32,
    name: tri('5G boost · 24 hours', '5G 极速 · 24 小时', '5G 極速 · 24 小時')[l],
    logo: `${IMG}/boost.svg`,
    speedCode: '5G_300M',
    speedMbps: 300,
    durationHours: 24,
    price: 1500,
    originalPrice: 1500,
  },
];

function accelerateOrder(now: number, l: Language): AccelerateOrder {
  return {
    id: 9,
    simId: 1,
    uuid: '7a2b3c4d-5e6f-4a70-8b9c-0d1e2f3a4b5c',
    orderSn: 'A20260510120000000009',
    placeType: 1,
    actualPayMoney: 300,
    logo: `${IMG}/boost.svg`,
    packagePrice: 500,
    startAt: now - 3 * DAY,
    endAt: now - 3 * DAY + 2 * HOUR,
    validTag: 0,
    refundAt: null,
    refundRemark: '',
    refundType: 0,
    remark: '',
    status: 1,
    updatedAt: now - 3 * DAY,
    createdAt: now - 3 * DAY,
    payMethod: 'balance',
    accelerateId: 31,
    accelerateName: BOOSTS(l)[0]!.name,
    speedCode: '5G_300M',
    speedMbps: 300,
    durationHours: 2,
    carrierState: 'restored',
  };
}

function mallGoods(l: Language): MallGoods[] {
  return [
    {
      id: 501,
      categoryId: 1,
      name: tri('Phone holder', '手机支架', '手機支架')[l],
      subtitle: tri('Fits every phone', '适配所有手机', '適配所有手機')[l],
      image: `${IMG}/mall/holder.svg`,
      points: 300,
      price: 0,
      marketPrice: 1990,
      stock: 120,
      sold: 58,
      deliveries: ['express', 'pickup'],
      tag: tri('Hot', '热门', '熱門')[l],
    },
    {
      id: 502,
      categoryId: 2,
      name: tri('Power bank 10000mAh', '充电宝 10000mAh', '行動電源 10000mAh')[l],
      subtitle: tri('Points plus a little money', '积分加少量现金', '積分加少量現金')[l],
      image: `${IMG}/mall/power.svg`,
      points: 800,
      price: 2900,
      marketPrice: 9900,
      stock: 30,
      sold: 12,
      deliveries: ['express'],
      tag: '',
    },
  ];
}

const STORE = (l: Language) => ({
  id: 1,
  name: tri('Nanshan service point', '南山服务点', '南山服務點')[l],
  address: `${REGIONS.guangdong.name[l]} ${REGIONS.shenzhen.name[l]} ${REGIONS.nanshan.name[l]} ${tri('8 Keyuan Road', '科苑路 8 号', '科苑路 8 號')[l]}`,
  phone: '0755-88886666',
  hours: tri('Mon–Sat 9:00–18:00', '周一至周六 9:00–18:00', '週一至週六 9:00–18:00')[l],
});

const ADDRESS = (l: Language) => {
  const region = `${REGIONS.guangdong.name[l]} ${REGIONS.shenzhen.name[l]} ${REGIONS.nanshan.name[l]}`;
  const detail = tri('12 Keji Road', '科技路 12 号', '科技路 12 號')[l];
  return {
    id: 3,
    name: tri('Li Si', '李四', '李四')[l],
    mobile: '13900139000',
    province: REGIONS.guangdong.code,
    city: REGIONS.shenzhen.code,
    county: REGIONS.nanshan.code,
    detail,
    regionText: region,
    fullText: `${region} ${detail}`,
    isDefault: true,
  };
};

/** The demo card's points-mall order: shipped, points only. */
export function mallOrder(now: number, l: Language): ShopOrderDetails {
  const goods = mallGoods(l)[0]!;
  const address = ADDRESS(l);
  return {
    orderNo: mallOrderNo(1),
    status: 'shipped',
    goodsId: goods.id,
    goodsName: goods.name,
    goodsImage: goods.image,
    quantity: 1,
    points: 300,
    amount: 0,
    delivery: 'express',
    createdAt: now - 4 * DAY,
    expiresAt: null,
    address: { name: address.name, mobile: '139****9000', fullText: address.fullText },
    store: null,
    remark: '',
    payMethod: '',
    paidAt: now - 4 * DAY,
    shippedAt: now - 3 * DAY,
    completedAt: null,
    cancelledAt: null,
    refundedPoints: 0,
    refundedAmount: 0,
    moneyRefundedAt: null,
    logistics: {
      company: tri('SF Express', '顺丰速运', '順豐速運')[l],
      trackingNo: 'SF9876543210987',
      status: 'in_transit',
      events: [
        {
          at: now - 2 * DAY,
          status: 'in_transit',
          description: tri('Left the Shenzhen sorting centre', '已离开深圳转运中心', '已離開深圳轉運中心')[l],
          descriptionLanguage: l,
          location: REGIONS.shenzhen.name[l],
        },
      ],
    },
    canCancel: false,
    canPay: false,
  };
}

function command(now: number, kind: DeviceCommand['kind'], state: DeviceCommand['state'] = 'applied'): DeviceCommand {
  return {
    commandId: `cmd-${kind}-1`,
    kind,
    wifiType: kind === 'setWifi' ? '2.4G' : '',
    state,
    error: '',
    createdAt: now - HOUR,
    updatedAt: now - HOUR + MINUTE,
    expiresAt: now + HOUR,
  };
}

const PROTOCOL_TEXT: Record<string, Tri> = {
  login: tri('Login agreement', '登录协议', '登入協議'),
  service: tri('Service agreement', '服务协议', '服務協議'),
  privacy: tri('Privacy policy', '隐私政策', '隱私政策'),
  taskRule: tri('Task rules', '任务规则', '任務規則'),
};

export function iotRoutes(now: number): Record<string, FakeRoute> {
  const info = (l: Language) => demoSimInfo(now, l);
  const paged = <T>(list: T[]) => ({ list, total: list.length, page: 1, pageSize: 20 });
  const agreement = (type: keyof typeof PROTOCOL_TEXT, l: Language) => ({
    type: type as 'login',
    language: l,
    title: PROTOCOL_TEXT[type]![l],
    content: `<p>${tri('Please read these terms before you use the card.', '使用本卡前请阅读本协议。', '使用本卡前請閱讀本協議。')[l]}</p>`,
    version: 2,
    updatedAt: now - 60 * DAY,
  });
  return {
    // ── Login and the card ──
    'GET /api/simLoginConfig': route(simLoginConfig)((_req, l) => ({
      name: tri('IoT SIM self-service', '物联网卡自助服务', '物聯網卡自助服務')[l],
      logo: `${IMG}/logo.svg`,
      kefuUrl: '',
      snLogin: true,
      codeLogin: true,
      agreementRequired: true,
      recentLogins: 5,
      codeLength: 6,
      codeTtlSeconds: 300,
      codeResendSeconds: 60,
    })),
    'GET /api/site/iotLoginProtocol': route(protocol)((_req, l) => agreement('login', l)),
    'GET /api/iot/protocol': route(protocol)((req, l) => {
      const type = req.query.get('type') ?? 'service';
      return { ...agreement(type in PROTOCOL_TEXT ? (type as 'login') : 'service', l), type: type as 'service' };
    }),
    'POST /api/simLogin': route(simSession)((_req, l) => ({
      token: 'a'.repeat(32),
      simNo: SIM_NO,
      expiresAt: now + 30 * DAY,
      simInfo: info(l),
    })),
    'POST /api/simLoginCode': route(simLoginCodeReply)(() => ({ mobile: '138****8001', expiresIn: 300, resendIn: 60, devCode: '135790' })),
    'GET /api/iot/simInfo': route(simInfo)((_req, l) => info(l)),
    'POST /api/iot/simRefresh': route(simRefreshReply)((_req, l) => ({ refreshed: true, nextRefreshAt: now + MINUTE, simInfo: info(l) })),
    'GET /api/iot/simLayout': route(simLayoutReply)((_req, l) => ({
      promoCode: PROMO_CODE,
      version: 3,
      layout: demoLayout(l),
      notices: [
        {
          id: 1,
          title: tri('Network upgrade tonight', '今晚网络升级', '今晚網路升級')[l],
          content: tri(
            'Service may pause briefly between 1:00 and 3:00.',
            '凌晨 1:00 至 3:00 期间服务可能短暂中断。',
            '凌晨 1:00 至 3:00 期間服務可能短暫中斷。',
          )[l],
          startAt: now - DAY,
          endAt: now + DAY,
        },
      ],
    })),
    'POST /api/iot/simLogout': route(nothing)(() => null),
    'GET /api/iot/simHistoryLine': route(simHistoryLine)((req) => {
      const days = Number(req.query.get('days') ?? 30);
      const list = Array.from({ length: days }, (_, i) => ({
        date: new Date(now - (days - 1 - i) * DAY + 8 * HOUR).toISOString().slice(0, 10),
        flow: (i * 137) % 900,
      }));
      return { unit: 'MB', total: list.reduce((n, d) => n + d.flow, 0), list };
    }),
    'GET /api/iot/simTimeline': route(simTimeline)((_req, l) => ({
      list: [
        { at: now + 18 * DAY, kind: 'packageEnds', name: orderTitle[l], amount: 0, command: '', state: '' },
        { at: now - 12 * DAY, kind: 'paid', name: orderTitle[l], amount: 1990, command: '', state: '' },
        { at: now - 12 * DAY, kind: 'packageStarted', name: orderTitle[l], amount: 0, command: '', state: '' },
        { at: now - 20 * DAY, kind: 'command', name: '', amount: 0, command: 'restart', state: 'applied' },
        { at: now - 200 * DAY, kind: 'activated', name: '', amount: 0, command: '', state: '' },
      ],
    })),
    'GET /api/iot/usageForecast': route(usageForecast)(() => ({
      state: 'lasts',
      paceMbPerDay: 640,
      leftMb: 17 * GB + 724,
      runOutAt: null,
      endAt: now + 18 * DAY,
    })),
    'GET /api/iot/usageAlerts': route(usageAlertList)(() => ({
      settings: { thresholds: [80, 95, 100], endingDays: 3, sms: true },
      hasBoundPhone: true,
      list: [{ id: 4, kind: 'used', percent: 80, days: null, endAt: now + 18 * DAY, createdAt: now - DAY, read: false, texted: true }],
      unread: 1,
    })),
    'GET /api/iot/carrierFreshness': route(carrierFreshness)(() => ({ operator: 'simulator', asOf: now - MINUTE, stale: false })),
    'GET /api/iot/simDiagnose': route(simDiagnosis)((_req, l) => ({
      ok: true,
      causes: [],
      checks: [
        { key: 'card', label: tri('Card active', '卡片已激活', '卡片已啟用')[l], ok: true },
        { key: 'balance', label: tri('No arrears', '无欠费', '無欠費')[l], ok: true },
        { key: 'realname', label: tri('Real-name done', '已实名', '已實名')[l], ok: true },
        { key: 'package', label: tri('Package in effect', '套餐生效中', '套餐生效中')[l], ok: true },
        { key: 'device', label: tri('Device online', '设备在线', '裝置在線')[l], ok: true },
      ],
      checkedAt: now - 20 * MINUTE,
    })),
    'GET /api/iot/changeSimList': route(changeSimList)((_req, l) => ({ deviceNo: DEVICE_NO, list: info(l).viceSims })),
    'GET /api/iot/getSimOauthList': route(simOauthList)(() => ({
      list: [{ id: 2, platform: 'wx', nickname: 'Xiaoming', headPortrait: '', openIdMasked: 'oX2a****9fQe', createdAt: now - 50 * DAY }],
    })),
    'GET /api/iot/simRealnameInfo': route(simRealnameInfo)((_req, l) => ({
      authStatus: 1,
      authPlatformStatus: 1,
      needAuth: false,
      needPlatformAuth: false,
      platformAuthType: 2,
      operatorType: 4,
      operatorTypeName: OPERATORS['4']![l],
      ownFlow: false,
      platform: {
        kind: 'platform',
        status: 'verified',
        nameMasked: tri('Z* San', '张*', '張*')[l],
        idNumberMasked: '440***********1234',
        reason: '',
        createdAt: now - 190 * DAY,
        decidedAt: now - 189 * DAY,
      },
      official: null,
      consentVersion: 2,
      consent: { version: 2, agreedAt: now - 190 * DAY },
    })),
    'POST /api/iot/realnameConsent': route(realnameConsent)((req) => ({
      version: (req.body as { version: number }).version,
      agreedAt: now,
    })),
    'GET /api/iot/simOfficialAuth': route(officialAuthReply)(() => ({
      url: `https://realname.example.com/auth?iccid=${ICCID}`,
      iccid: ICCID,
      simNo: SIM_NO,
      operatorType: 4,
    })),
    'GET /api/iot/deviceOfficialAuth': route(officialAuthReply)((req) => ({
      url: `https://realname.example.com/auth?iccid=89860112345678905678`,
      iccid: '89860112345678905678',
      simNo: req.query.get('simNo') ?? '1440000000002',
      operatorType: 2,
    })),
    'POST /api/iot/simBindMobileCode': route(simLoginCodeReply)(() => ({
      mobile: '139****9000',
      expiresIn: 300,
      resendIn: 60,
      devCode: '112233',
    })),
    'POST /api/iot/simBindMobile': route(simBindMobileReply)(() => ({ mobile: '139****9000', numbAuth: 1 })),

    // ── Device ──
    'GET /api/iot/iotDevice/status': route(deviceStatus)(() => ({
      deviceNo: DEVICE_NO,
      online: true,
      battery: 76,
      signal: 4,
      clients: 3,
      currentIccid: ICCID,
      trafficMb: 12 * GB + 300,
      reportedAt: now - 2 * MINUTE,
      rebooting: false,
    })),
    'GET /api/iot/iotDevice/commandList': route(commandListReply)(() => ({ list: [command(now, 'setWifi'), command(now, 'restart')] })),
    'GET /api/iot/iotDevice/command': route(deviceCommand)(() => command(now, 'setWifi')),
    'GET /api/iot/iotDevice/security': route(securityCentre)((_req, l) => ({
      deviceNo: DEVICE_NO,
      apIsolation: false,
      schedule: { enabled: true, off: '23:30', on: '07:00', days: [1, 2, 3, 4, 5] },
      clients: [
        {
          mac: 'A4:50:46:33:71:02',
          name: tri("Xiaoming's phone", '小明的手机', '小明的手機')[l],
          band: '5G',
          blocked: false,
          authorized: true,
          trafficMb: 2300,
          seenAt: now - 5 * MINUTE,
          commandState: '',
        },
      ],
      unreadSms: 1,
      apIsolationCommand: null,
      scheduleCommand: command(now, 'wifiSchedule'),
    })),
    'GET /api/iot/iotDevice/smsList': route(deviceSmsList)((_req, l) => ({
      list: [
        {
          id: 1,
          from: '10086',
          text: tri('Your data package renews on the 1st.', '您的流量套餐将于 1 日续订。', '您的流量套餐將於 1 日續訂。')[l],
          receivedAt: now - DAY,
          read: false,
        },
      ],
      unread: 1,
    })),
    'GET /api/iot/simSwitchNetInfo': route(switchNetInfo)((_req, l) => ({
      deviceNo: DEVICE_NO,
      deviceNetworkMode: 1,
      sims: info(l).viceSims.map((s, i) => ({
        simNo: s.simNo,
        iccid: s.iccid,
        operatorType: s.operatorType,
        operatorTypeName: s.operatorTypeName,
        slot: s.slot,
        inUse: s.inUse,
        signal: i === 0 ? 4 : 3,
        surplusFlow: i === 0 ? 17 * GB : 5 * GB,
        realnamed: true,
        hasPackage: true,
      })),
      switching: null,
      targetSimNo: '',
    })),
    'POST /api/iot/deviceWirelessAuthList': route(wirelessAuthList)((_req, l) => ({
      deviceNo: DEVICE_NO,
      list: [
        {
          mac: 'A4:50:46:33:71:02',
          name: tri("Xiaoming's phone", '小明的手机', '小明的手機')[l],
          mobile: '139****9000',
          authorized: true,
          authorizedAt: now - 2 * DAY,
          seenAt: now - 5 * MINUTE,
          commandState: 'applied',
        },
      ],
    })),

    // ── Money ──
    'GET /api/iot/packageChoose': route(packageChooseReply)((_req, l) => ({
      ...catalogue(now, l),
      balance: 5680,
      couponCoin: 1500,
      endAt: now + 18 * DAY,
      needBuyPackage: false,
      realnameRequired: true,
    })),
    'GET /api/iot/packageDetails': route(packageDetailsReply)((req, l) => {
      const all = Object.values(catalogue(now, l)).flat();
      const found = all.find((p) => p.id === Number(req.query.get('packageId'))) ?? all[0]!;
      return {
        package: found,
        vip: null,
        rules: PKG_RULES.map((r) => r[l]),
        effectOptions: [
          { effect: 'now', startsAt: now, endsAt: now + 30 * DAY },
          { effect: 'next', startsAt: now + 18 * DAY, endsAt: now + 48 * DAY },
        ],
        coupon: { available: 1500, maxDeduct: 500, usable: 500 },
        coupons: [
          { id: 8, amount: 500, minSpend: 1000, expiresAt: now + 20 * DAY, state: 'unused', orderNo: '', createdAt: now - 5 * DAY },
        ],
        balance: 5680,
        existPayPassword: true,
        payMethods: [{ method: 'balance', name: tri('Balance', '余额支付', '餘額支付')[l] }, ...payMethods(l)],
      };
    }),
    'GET /api/iot/renewPackageOption': route(renewOptionReply)((_req, l) => ({
      enabled: true,
      packageId: 11,
      options: catalogue(now, l).base,
      endAt: now + 18 * DAY,
      renewAheadHours: 24,
      balance: 5680,
      lastAttempt: null,
    })),
    'GET /api/iot/balanceChoose': route(topupChooseReply)((_req, l) => topup('balance', l)),
    'GET /api/iot/couponChoose': route(topupChooseReply)((_req, l) => topup('coupon', l)),
    'GET /api/iot/payPassStatus': route(payPassStatus)(() => ({
      existPayPassword: true,
      locked: false,
      lockedUntil: null,
      attemptsLeft: 5,
    })),
    'GET /api/iot/simPackageList': route(iotOrderPage)((_req, l) => paged([iotOrder(now, l, 1, 'package')])),
    'GET /api/iot/simBalanceList': route(iotOrderPage)((req, l) =>
      paged([iotOrder(now, l, 2, (req.query.get('kind') as 'balance' | 'coupon' | null) ?? 'balance')]),
    ),
    'GET /api/iot/orderDetails': route(iotOrderReply)((_req, l) => ({ order: iotOrder(now, l, 1, 'package'), payment: null })),
    'GET /api/iot/simBalanceLogList': route(ledgerPage)((req) => ledger(now, (req.query.get('account') as 'balance') ?? 'balance')),
    'GET /api/iot/simIntegralLogList': route(ledgerPage)(() => ledger(now, 'integral')),
    'GET /api/iot/couponCoinLogList': route(ledgerPage)(() => ledger(now, 'coupon_coin')),
    'GET /api/iot/autoRules': route(autoRulesReply)((_req, l) => ({
      topup: {
        below: 1000,
        amount: 5000,
        monthlyCap: 2,
        method: 'sandbox',
        paused: false,
        usedThisMonth: 0,
        capped: false,
        open: null,
      },
      slowdown: null,
      requests: [],
      balance: 5680,
      monthUseMb: 12 * GB + 300,
      existPayPassword: true,
      hasBoundPhone: true,
      minAmount: 100,
      maxAmount: 500000,
      payMethods: payMethods(l),
    })),

    // ── Engagement ──
    'GET /api/iot/taskCenter': route(taskCenterReply)(() => {
      const today = new Date(now + 8 * HOUR).toISOString().slice(0, 10);
      return {
        integral: 1280,
        today,
        signedToday: false,
        streak: 2,
        nextPoints: 15,
        cycle: [5, 10, 15, 20, 25, 30, 50].map((points, i) => ({
          streakDay: i + 1,
          points,
          state: i < 2 ? ('signed' as const) : i === 2 ? ('today' as const) : ('upcoming' as const),
        })),
        multiplier: 1,
        monthDays: [],
        tasks: [
          { key: 'bindPhone', points: 50, state: 'done', path: '/pages/iot/index/bindPhone/index' },
          { key: 'payPassword', points: 30, state: 'claimable', path: '/pages/iot/index/payPassword/index' },
          { key: 'firstTopup', points: 100, state: 'todo', path: '/pages/iot/index/balance/index' },
        ],
      };
    }),
    'GET /api/iot/couponExchangeList': route(couponExchangeListReply)(() => ({
      couponCoin: 1500,
      items: [
        { id: 1, kind: 'coupon', coinCost: 500, value: 500, minSpend: 2000, validDays: 30, left: 100, perCardLimit: 2, exchanged: 0 },
        { id: 3, kind: 'balance', coinCost: 200, value: 200, minSpend: 0, validDays: 0, left: null, perCardLimit: 5, exchanged: 1 },
      ],
    })),
    'GET /api/iot/couponExchangeOrderList': route(exchangePage)(() =>
      paged([{ orderNo: 'E20260510120000000001', kind: 'balance', coinCost: 200, value: 200, coupon: null, createdAt: now - 6 * DAY }]),
    ),
    'GET /api/iot/simCouponList': route(simCouponListReply)(() => ({
      list: [{ id: 8, amount: 500, minSpend: 1000, expiresAt: now + 20 * DAY, state: 'unused', orderNo: '', createdAt: now - 5 * DAY }],
      unused: 1,
    })),
    'GET /api/iot/vipList': route(vipListReply)((_req, l) => ({
      plans: vipPlans(l),
      current: null,
      endAt: null,
      balance: 5680,
      existPayPassword: true,
      payMethods: payMethods(l),
      orders: [vipOrder(now, l)],
    })),
    'GET /api/iot/vipOrderDetails': route(vipOrderDetailsReply)((_req, l) => ({ order: vipOrder(now, l), payment: null })),
    'GET /api/iot/accelerateList': route(accelerateListReply)((_req, l) => ({
      plans: BOOSTS(l),
      current: null,
      packageEndAt: now + 18 * DAY,
      balance: 5680,
      existPayPassword: true,
      payMethods: payMethods(l),
    })),
    'GET /api/iot/accelerateOrderList': route(accelerateOrderPage)((_req, l) => paged([accelerateOrder(now, l)])),
    'GET /api/iot/accelerateOrderDetails': route(accelerateOrderDetails)((_req, l) => ({
      order: accelerateOrder(now, l),
    })),

    // ── Points mall ──
    'GET /api/iot/integralShopIndex': route(integralShopIndexReply)((_req, l) => ({
      integral: 1280,
      banners: [{ id: 1, image: `${IMG}/mall/banner.svg`, title: tri('New arrivals', '新品上架', '新品上架')[l], goodsId: 501 }],
      categories: [
        { id: 1, name: tri('Phone accessories', '手机配件', '手機配件')[l], icon: '' },
        { id: 2, name: tri('Digital', '数码', '數位')[l], icon: '' },
      ],
      goods: mallGoods(l),
    })),
    'GET /api/iot/integralShopGoodsDetails': route(goodsDetailsReply)((req, l) => {
      const goods = mallGoods(l).find((g) => g.id === Number(req.query.get('goodsId'))) ?? mallGoods(l)[0]!;
      return {
        goods: {
          ...goods,
          images: [goods.image],
          details: [tri('Sturdy aluminium, folds flat.', '铝合金材质，可折叠收纳。', '鋁合金材質，可摺疊收納。')[l]],
          perCardLimit: 2,
          bought: 0,
        },
        integral: 1280,
        payMethods: payMethods(l),
      };
    }),
    'GET /api/iot/simAddressList': route(simAddressList)((_req, l) => [ADDRESS(l)]),
    'GET /api/iot/goodsShopStore': route(goodsShopStoreReply)((_req, l) => [STORE(l)]),
    'GET /api/iot/shopOrderList': route(shopOrderPage)((_req, l) => paged([shopOrderSummary.parse(mallOrder(now, l))])),
    'GET /api/iot/shopOrderDetails': route(shopOrderDetails)((_req, l) => mallOrder(now, l)),

    // ── Wi-Fi cards and machine codes ──
    'GET /api/site/getWifiCode': route(wifiCode)((req, l) => ({
      ssid: req.query.get('wifiType') === '5G' ? 'MiFi-8001-5G' : 'Corner Cafe',
      password: 'latte2026',
      encryption: 'WPA',
      hidden: false,
      title: req.query.get('token') ? tri('Corner Cafe guests', '街角咖啡 访客', '街角咖啡 訪客')[l] : '',
      qrText: 'WIFI:T:WPA;S:Corner Cafe;P:latte2026;;',
      qrSvg: 'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciLz4=',
      expiresAt: req.query.get('token') ? now + 6 * DAY : null,
    })),
    'GET /api/site/getOneCode': route(oneCodeInfo)((req, l) => ({
      code: req.query.get('code') ?? 'DemoMF01TopUpCode7qXw2',
      maskedNo: '144****0001',
      maskedDeviceNo: 'MF0****0001',
      operatorTypeName: OPERATORS['4']![l],
      blocks: [
        { id: 1, type: 'RechargeNo', title: tri('Recharge number', '充值号码', '儲值號碼')[l], content: '', url: '', phone: '' },
        { id: 2, type: 'BtnRecharge', title: tri('Top up now', '立即充值', '立即儲值')[l], content: '', url: '', phone: '' },
        { id: 3, type: 'PhoneService', title: tri('Call us', '电话客服', '電話客服')[l], content: '', url: '', phone: '400-800-1234' },
      ],
      offers: topup('balance', l).offers,
      allowCustom: true,
      minAmount: 100,
      maxAmount: 500000,
      payMethods: payMethods(l),
    })),
    'GET /api/site/generalOneCodeById': route(myOneCode)(() => ({
      code: 'DemoMF01TopUpCode7qXw2',
      page: '/pages-sub/iot/machineCode/index?code=DemoMF01TopUpCode7qXw2',
      createdAt: now - 30 * DAY,
    })),
    'GET /api/site/oneCodeOrder': route(oneCodeOrder)((req) => ({
      orderNo: req.query.get('orderNo') ?? iotOrderNo(7),
      status: 'effective',
      payAmount: 5000,
      creditBalance: 5500,
      arrearsSettled: 0,
    })),
  };
}

function topup(kind: 'balance' | 'coupon', l: Language) {
  const unit = kind === 'balance' ? tri('balance', '余额', '餘額') : tri('coupon coins', '券币', '券幣');
  return {
    kind,
    offers: [
      {
        id: kind === 'balance' ? 41 : 51,
        payAmount: 5000,
        bonusBalance: kind === 'balance' ? 500 : 0,
        bonusCoin: kind === 'coupon' ? 500 : 0,
        credit: 5500,
        title: tri(`Pay ¥50, get ¥55 ${unit.en}`, `充 50 得 55 ${unit['zh-Hans']}`, `儲 50 得 55 ${unit['zh-Hant']}`)[l],
        tag: tri('Bonus', '赠送', '贈送')[l],
        recommended: true,
      },
      {
        id: kind === 'balance' ? 42 : 52,
        payAmount: 10000,
        bonusBalance: kind === 'balance' ? 1500 : 0,
        bonusCoin: kind === 'coupon' ? 1500 : 0,
        credit: 11500,
        title: tri(`Pay ¥100, get ¥115 ${unit.en}`, `充 100 得 115 ${unit['zh-Hans']}`, `儲 100 得 115 ${unit['zh-Hant']}`)[l],
        tag: '',
        recommended: false,
      },
    ],
    allowCustom: true,
    minAmount: 100,
    maxAmount: 500000,
    balance: 5680,
    couponCoin: 1500,
    arrearsBalance: 0,
    payMethods: payMethods(l),
  };
}

function ledger(now: number, account: 'balance' | 'integral' | 'coupon_coin' | 'arrears') {
  const list = [
    {
      id: 3,
      account,
      delta: -1990,
      balanceAfter: 5680,
      reason: 'package_purchase',
      orderNo: iotOrderNo(1),
      remark: '',
      createdAt: now - 12 * DAY,
    },
    { id: 2, account, delta: 5500, balanceAfter: 7670, reason: 'topup', orderNo: iotOrderNo(2), remark: '', createdAt: now - 14 * DAY },
    { id: 1, account, delta: 2170, balanceAfter: 2170, reason: 'opening', orderNo: '', remark: '', createdAt: now - 200 * DAY },
  ];
  return { list, total: list.length, page: 1, pageSize: 20 };
}
