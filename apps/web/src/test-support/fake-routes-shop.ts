import { lowerAgent, lowerList } from '@simshop/contract/agents';
import { sendCodeReply, userInfo } from '@simshop/contract/auth';
import { hotQuestionList, questionDetail, questionListReply } from '@simshop/contract/customer';
import { page } from '@simshop/contract/envelope';
import { fastNumberProducts } from '@simshop/contract/fast-number';
import { goodsDetail, goodsListReply } from '@simshop/contract/goods';
import type { Language } from '@simshop/contract/headers';
import { protocol } from '@simshop/contract/iot-sims';
import { numberWatchList } from '@simshop/contract/number-watch';
import {
  ipLocation,
  type NumberItem,
  type NumberPackage,
  numberDetail,
  numberFilterOptions,
  numberListReply,
} from '@simshop/contract/numbers';
import { authorizeStatus, checkScanReply, wechatInfo } from '@simshop/contract/oauth';
import { type OrderDetail, orderDetail, orderLogistics, orderSummary, reviewListReply } from '@simshop/contract/orders';
import { paymentMethods, paymentView, payResult } from '@simshop/contract/payments';
import { singlePageInfo } from '@simshop/contract/single-page';
import { appDomainReply, type BaseConfig, baseConfig, dictOptionsReply, division, genericConfig, siteConfig } from '@simshop/contract/site';
import { z } from 'zod';
import { BUYER_MOBILE, DAY, DIVISIONS, GB, HOUR, MINUTE, OPERATORS, PROMO_CODE, REGIONS, shopOrderNo, type Tri, tri } from './fake-data.ts';
import { type FakeRoute, route } from './fake-routes.ts';

const IMG = '/shop/static';
// Reply schemas the contract names inline in its routes (made once: zod compiles a schema on first use).
const nothing = z.null();
const unseenReply = z.object({ unseen: z.number().int() });
const orderPage = page(orderSummary);
const divisions = z.array(division);
const opName = (op: string, l: Language) => (OPERATORS[op] ?? OPERATORS['4']!)[l];

export function demoBaseConfig(l: Language): BaseConfig {
  const t = (x: Tri) => x[l];
  return {
    front: {
      title: t(tri('Number Select', '号码优选', '號碼優選')),
      keywords: t(tri('vanity numbers,IoT SIMs', '靓号,物联网卡', '靚號,物聯網卡')),
      description: t(tri('Vanity numbers and IoT SIM self-service', '靓号选购与物联网卡自助服务', '靚號選購與物聯網卡自助服務')),
      logo: `${IMG}/logo.svg`,
      indexCarousel: [
        {
          image: `${IMG}/banner-1.svg`,
          title: t(tri('Lucky numbers, limited-time offer', '吉祥靓号 限时特惠', '吉祥靚號 限時特惠')),
          link: '/pages/index/VanityNumber/index',
        },
        {
          image: `${IMG}/banner-2.svg`,
          title: t(tri('IoT SIM self-service', '物联网卡 自助服务', '物聯網卡 自助服務')),
          link: '/pages/iot/login/index',
        },
      ],
      bottomTips: t(
        tri(
          'All numbers are genuine carrier numbers, activated after real-name registration',
          '本店号码均为运营商正规号码，实名登记后激活使用',
          '本店號碼均為電信業者正規號碼，實名登記後啟用使用',
        ),
      ),
      ipcCode: t(tri('Guangdong ICP No. 2026000001', '粤ICP备2026000001号', '粵ICP備2026000001號')),
      kefuUrl: '/pages/customer/question/index',
      kefuQr: '',
      kefuMobile: '400-800-1234',
      followQr: `${IMG}/follow-qr.svg`,
      shopTemplate: 1,
      fastNav: [
        { icon: `${IMG}/nav-pretty.svg`, title: t(tri('Numbers', '选靓号', '選靚號')), link: '/pages/index/VanityNumber/index' },
        { icon: `${IMG}/nav-order.svg`, title: t(tri('Orders', '查订单', '查訂單')), link: '/pages/order/index' },
        { icon: `${IMG}/nav-iot.svg`, title: t(tri('IoT SIM', '物联卡', '物聯卡')), link: '/pages/iot/login/index' },
        { icon: `${IMG}/nav-service.svg`, title: t(tri('Support', '客服', '客服')), link: '/pages/customer/index' },
      ],
      suggest: true,
      indexSearch: true,
      indexFirstGroup: 1,
      showInviteRegister: 1,
    },
    promoCode: PROMO_CODE,
    promoName: t(tri('Number Select official store', '号码优选官方店', '號碼優選官方店')),
    isAgent: true,
    domain: '',
    inviteCode: 'DEMO',
    douyinMpImId: '',
    kuaishouMpImId: '',
    showPaymentType: ['sandbox'],
    shopMenu: [
      { key: 'numbers', title: t(tri('Numbers', '靓号', '靚號')), link: '/pages/index/VanityNumber/index' },
      { key: 'orders', title: t(tri('Orders', '订单', '訂單')), link: '/pages/order/index' },
    ],
  };
}

const PACKAGES: { id: number; operator: string; name: Tri; monthlyFee: number; dataMb: number; voiceMinutes: number; description: Tri }[] =
  [
    {
      id: 301,
      operator: '4',
      name: tri('Mobile 5G Basic 59', '移动 5G 畅享 59 元', '移動 5G 暢享 59 元'),
      monthlyFee: 5900,
      dataMb: 30 * GB,
      voiceMinutes: 200,
      description: tri('30GB of data and 200 minutes a month', '每月 30GB 流量、200 分钟通话', '每月 30GB 流量、200 分鐘通話'),
    },
    {
      id: 302,
      operator: '4',
      name: tri('Mobile 5G Plus 129', '移动 5G 尊享 129 元', '移動 5G 尊享 129 元'),
      monthlyFee: 12900,
      dataMb: 100 * GB,
      voiceMinutes: 1000,
      description: tri('100GB of data and 1000 minutes a month', '每月 100GB 流量、1000 分钟通话', '每月 100GB 流量、1000 分鐘通話'),
    },
    {
      id: 311,
      operator: '2',
      name: tri('Unicom Big Data 39', '联通大流量 39 元', '聯通大流量 39 元'),
      monthlyFee: 3900,
      dataMb: 80 * GB,
      voiceMinutes: 100,
      description: tri('80GB of data and 100 minutes a month', '每月 80GB 流量、100 分钟通话', '每月 80GB 流量、100 分鐘通話'),
    },
  ];

const numberPackage = (p: (typeof PACKAGES)[number], l: Language): NumberPackage => ({
  id: p.id,
  operator: p.operator,
  name: p.name[l],
  monthlyFee: p.monthlyFee,
  dataMb: p.dataMb,
  voiceMinutes: p.voiceMinutes,
  description: p.description[l],
});

const NUMBERS: [number: string, operator: string, price: number, prestored: number, tags: NumberItem['tags'], featured: boolean][] = [
  ['13923458888', '4', 888800, 10000, ['AAAA', 'TAIL8'], true],
  ['18612341234', '2', 128800, 5000, ['ABAB'], true],
  ['13800005200', '4', 52000, 5000, ['TAIL520'], false],
  ['17722336699', '1', 36600, 0, ['AABB'], false],
  ['15012345678', '4', 99900, 10000, ['ASC', 'TAIL8'], true],
  ['19213145566', '3', 19900, 0, ['TAIL1314'], false],
];

function numberItem([number, operator, price, prestored, tags, featured]: (typeof NUMBERS)[number], l: Language): NumberItem {
  const city = operator === '2' ? REGIONS.guangzhou : REGIONS.shenzhen;
  return {
    number,
    segment: number.slice(0, 3),
    operator,
    operatorName: opName(operator, l),
    province: REGIONS.guangdong.code,
    provinceName: REGIONS.guangdong.name[l],
    city: city.code,
    cityName: city.name[l],
    price,
    prestored,
    tags,
    featured,
  };
}

const CATEGORIES = [
  { id: 1, name: tri('SIM plans', '号卡套餐', '號卡套餐') },
  { id: 2, name: tri('Portable Wi-Fi', '随身WiFi', '隨身WiFi') },
  { id: 3, name: tri('Accessories', '配件', '配件') },
];

const GOODS = [
  {
    id: 101,
    kind: 'sim_bundle' as const,
    categoryId: 1,
    name: tri('5G big-data SIM', '5G 大流量卡', '5G 大流量卡'),
    summary: tri('Nationwide data, first month free', '全国通用流量，首月免月租', '全國通用流量，首月免月租'),
    price: 1990,
    originalPrice: 3900,
    stock: 320,
    sold: 127,
    image: `${IMG}/goods/sim-5g.svg`,
    skus: [
      { id: 1011, name: tri('135GB nationwide', '135GB 通用流量', '135GB 通用流量'), price: 1990, originalPrice: 3900, stock: 200 },
      { id: 1012, name: tri('235GB nationwide', '235GB 通用流量', '235GB 通用流量'), price: 2990, originalPrice: 5900, stock: 120 },
    ],
  },
  {
    id: 102,
    kind: 'device' as const,
    categoryId: 2,
    name: tri('4G portable Wi-Fi', '4G 随身 WiFi 便携款', '4G 隨身 WiFi 便攜款'),
    summary: tri('Plug in and go, 10 devices at once', '插电即用，10 台设备同时连接', '插電即用，10 台裝置同時連線'),
    price: 12900,
    originalPrice: 19900,
    stock: 53,
    sold: 407,
    image: `${IMG}/goods/mifi.svg`,
    skus: [
      { id: 1021, name: tri('White', '白色', '白色'), price: 12900, originalPrice: 19900, stock: 50 },
      { id: 1022, name: tri('Black', '黑色', '黑色'), price: 12900, originalPrice: 19900, stock: 3 },
    ],
  },
];

function goodsItem(g: (typeof GOODS)[number], l: Language) {
  return {
    id: g.id,
    kind: g.kind,
    categoryId: g.categoryId,
    name: g.name[l],
    summary: g.summary[l],
    image: g.image,
    price: g.price,
    originalPrice: g.originalPrice,
    stock: g.stock,
    soldOut: g.stock === 0,
    sold: g.sold,
  };
}

/** A storefront order of each kind (number, goods, fast number), as the buyer sees it. */
export function demoOrders(now: number, l: Language): OrderDetail[] {
  const address = {
    province: REGIONS.guangdong.code,
    city: REGIONS.shenzhen.code,
    county: REGIONS.nanshan.code,
    fullText: `${REGIONS.guangdong.name[l]} ${REGIONS.shenzhen.name[l]} ${REGIONS.nanshan.name[l]} ${tri('12 Keji Road', '科技路 12 号', '科技路 12 號')[l]}`,
    detail: tri('12 Keji Road', '科技路 12 号', '科技路 12 號')[l],
  };
  const none = {
    paidAt: null,
    shippedAt: null,
    completedAt: null,
    cancelledAt: null,
    cancelReason: '',
    refundedAt: null,
    logistics: null,
  };
  const pkg = PACKAGES[0]!;
  return [
    {
      orderNo: shopOrderNo('N', 1),
      kind: 'number',
      status: 'awaiting_payment',
      goods: null,
      application: null,
      number: '13923458888',
      operator: '4',
      operatorName: opName('4', l),
      packageName: pkg.name[l],
      price: 888800,
      prestored: 10000,
      amount: 898800,
      createdAt: now - 5 * MINUTE,
      holdUntil: now + 10 * MINUTE,
      buyerName: tri('Zhang San', '张三', '張三')[l],
      idNumberMasked: '440***********1234',
      contactMobile: '138****8000',
      address,
      package: numberPackage(pkg, l),
      ...none,
      canPay: true,
      canCancel: true,
      canReview: false,
    },
    {
      orderNo: shopOrderNo('G', 2),
      kind: 'goods',
      status: 'shipped',
      goods: {
        goodsId: 102,
        name: GOODS[1]!.name[l],
        specName: GOODS[1]!.skus[0]!.name[l],
        image: GOODS[1]!.image,
        unitPrice: 12900,
        quantity: 1,
      },
      application: null,
      number: '',
      operator: '',
      operatorName: '',
      packageName: '',
      price: 12900,
      prestored: 0,
      amount: 12900,
      createdAt: now - 3 * DAY,
      holdUntil: null,
      buyerName: tri('Zhang San', '张三', '張三')[l],
      idNumberMasked: '',
      contactMobile: '138****8000',
      address,
      package: null,
      ...none,
      paidAt: now - 3 * DAY + 2 * MINUTE,
      shippedAt: now - 2 * DAY,
      logistics: { company: tri('SF Express', '顺丰速运', '順豐速運')[l], trackingNo: 'SF1234567890123' },
      canPay: false,
      canCancel: false,
      canReview: false,
    },
    {
      orderNo: shopOrderNo('F', 3),
      kind: 'fastNumber',
      status: 'reviewing',
      goods: null,
      application: {
        operatorName: opName('4', l),
        monthlyFee: 5900,
        assignedNumber: '',
        rejectReason: '',
        photos: [],
        timeline: [
          { status: 'submitted', at: now - 2 * DAY },
          { status: 'reviewing', at: now - DAY },
        ],
      },
      number: '',
      operator: '4',
      operatorName: opName('4', l),
      packageName: pkg.name[l],
      price: 0,
      prestored: 0,
      amount: 0,
      createdAt: now - 2 * DAY,
      holdUntil: null,
      buyerName: tri('Zhang San', '张三', '張三')[l],
      idNumberMasked: '440***********1234',
      contactMobile: '138****8000',
      address,
      package: numberPackage(pkg, l),
      ...none,
      canPay: false,
      canCancel: false,
      canReview: false,
    },
  ];
}

const orderByNo = (now: number, l: Language, orderNo: string | null) =>
  demoOrders(now, l).find((o) => o.orderNo === orderNo) ?? demoOrders(now, l)[0]!;

const QUESTIONS = [
  {
    id: 1,
    category: 'order',
    title: tri('How soon is my number shipped?', '靓号下单后多久发货？', '靚號下單後多久出貨？'),
    content: tri(
      '<p>Orders ship <strong>within 48 hours</strong> of payment.</p>',
      '<p>付款成功后 <strong>48 小时内</strong>发货。</p>',
      '<p>付款成功後 <strong>48 小時內</strong>出貨。</p>',
    ),
  },
  {
    id: 2,
    category: 'iot',
    title: tri('How do I check the data of my IoT SIM?', '物联网卡流量怎么查询？', '物聯網卡流量怎麼查詢？'),
    content: tri(
      '<p>Log in with the card number: the home page shows the data used and left.</p>',
      '<p>输入卡号登录，首页即可查看已用流量和剩余流量。</p>',
      '<p>輸入卡號登入，首頁即可查看已用流量和剩餘流量。</p>',
    ),
  },
];

const CATEGORY_NAMES: Record<string, Tri> = {
  buy: tri('Choosing & buying', '选号购卡', '選號購卡'),
  order: tri('Orders & delivery', '订单物流', '訂單物流'),
  iot: tri('IoT SIM', '物联网卡', '物聯網卡'),
};

const question = (q: (typeof QUESTIONS)[number], l: Language) => ({
  id: q.id,
  title: q.title[l],
  category: q.category,
  categoryName: CATEGORY_NAMES[q.category]![l],
});

const AGREEMENT: Record<Language, [string, string]> = {
  en: ['User agreement', '<h3>1. Your account</h3><p>You log in with your mobile number and an SMS code.</p>'],
  'zh-Hans': ['用户协议', '<h3>一、账号</h3><p>您使用手机号和短信验证码登录。</p>'],
  'zh-Hant': ['用戶協議', '<h3>一、帳號</h3><p>您使用手機號碼和簡訊驗證碼登入。</p>'],
};

export function shopRoutes(now: number): Record<string, FakeRoute> {
  const payment = (amount: number) => ({
    paymentNo: 'P20260510120000000001',
    method: 'sandbox',
    status: 'pending' as const,
    amount,
    payUrl: '/sandbox/cashier/P20260510120000000001',
    expiresAt: now + 15 * MINUTE,
    paidAt: null,
  });
  return {
    'GET /api/hk/baseConfig': route(baseConfig)((_req, l) => demoBaseConfig(l)),
    'GET /api/hk/genericConfig': route(genericConfig)(() => ({ orderQueryMode: 1, loginAvatar: `${IMG}/avatar.svg` })),
    'GET /api/site/config': route(siteConfig)(() => ({
      name: 'simshop',
      version: '1.4.4',
      versionCode: 144,
      darkMode: false,
      languages: ['en', 'zh-Hans', 'zh-Hant'],
      orderHoldMinutes: 15,
    })),
    'GET /api/site/wechatInfo': route(wechatInfo)(() => ({
      enabled: false,
      provider: 'none',
      appId: '',
      inWechat: false,
      needLogin: false,
    })),
    'POST /api/site/checkScanAuthorize': route(checkScanReply)(() => ({
      state: '0123456789abcdef0123456789abcdef',
      url: '/api/wechat/authorize?type=scan&scan=0123456789abcdef0123456789abcdef',
      expiresAt: now + 5 * MINUTE,
      result: {
        status: 'pending',
        type: 'scan',
        page: '/pages/user/index',
        syncRedirect: 0,
        nickname: '',
        avatar: '',
        userInfo: null,
      },
    })),
    'POST /api/site/updateAuthorizeStatus': route(authorizeStatus)(() => ({
      status: 'needMobile',
      type: 'login',
      page: '/pages/user/index',
      syncRedirect: 1,
      nickname: 'WeChat user',
      avatar: '',
      userInfo: null,
    })),
    'GET /api/site/loginProtocol': route(protocol)((_req, l) => ({
      type: 'shopLogin',
      language: l,
      title: AGREEMENT[l][0],
      content: AGREEMENT[l][1],
      version: 3,
      updatedAt: now - 30 * DAY,
    })),
    'GET /api/app/domain': route(appDomainReply)(() => ({ domain: 'shop.example.com' })),
    'POST /api/hk/pointReport': route(nothing)(() => null),
    'POST /api/app/errorReport': route(nothing)(() => null),
    'POST /api/dictData/options': route(dictOptionsReply)((req, l) => {
      const types = Array.isArray(req.body) ? (req.body as string[]) : [];
      const out: Record<string, { label: string; value: string; key: string; listClass: string }[]> = {};
      for (const type of types) {
        if (type === 'operator_type')
          out[type] = ['4', '2', '1', '3'].map((value) => ({ label: opName(value, l), value, key: value, listClass: 'default' }));
        if (type === 'question_category')
          out[type] = Object.entries(CATEGORY_NAMES).map(([value, name]) => ({ label: name[l], value, key: value, listClass: 'default' }));
      }
      return out;
    }),
    'GET /provinces/{code}.json': route(
      divisions,
      true,
    )((req) => {
      const code = /\/provinces\/(\d{6})\.json$/.exec(req.path)?.[1] ?? '';
      const lang = (req.query.get('language') ?? 'en') as Language;
      return (DIVISIONS[code] ?? []).map((d) => ({ code: d.code, name: d.name[lang] ?? d.name.en }));
    }),

    // ── Numbers ──
    'GET /api/shop/numberList': route(numberListReply)((req, l) => {
      const pageNo = Number(req.query.get('page') ?? 1);
      const list = pageNo === 1 ? NUMBERS.map((n) => numberItem(n, l)) : [];
      return {
        list,
        total: NUMBERS.length,
        totalCapped: false,
        hasMore: false,
        page: pageNo,
        pageSize: Number(req.query.get('pageSize') ?? 20),
      };
    }),
    'GET /api/shop/numberFilters': route(numberFilterOptions)((_req, l) => ({
      operators: [
        { label: tri('All', '全部', '全部')[l], value: '' },
        { label: tri('Featured', '精选', '精選')[l], value: '-99' },
        ...['4', '2', '1', '3'].map((value) => ({ label: opName(value, l), value })),
      ],
      patterns: [
        { label: 'AAAA', value: 'AAAA' },
        { label: 'AABB', value: 'AABB' },
        { label: 'ABAB', value: 'ABAB' },
        { label: tri('Ends in 8', '尾号 8', '尾號 8')[l], value: 'TAIL8' },
      ],
      segments: [
        { operator: '4', segment: '139' },
        { operator: '2', segment: '186' },
        { operator: '1', segment: '177' },
      ],
      provinces: [{ code: REGIONS.guangdong.code, name: REGIONS.guangdong.name[l] }],
      priceRanges: [
        { label: tri('Under ¥500', '500 元以下', '500 元以下')[l], min: null, max: 50000 },
        { label: tri('¥500–2,000', '500–2000 元', '500–2000 元')[l], min: 50000, max: 200000 },
        { label: tri('Over ¥2,000', '2000 元以上', '2000 元以上')[l], min: 200000, max: null },
      ],
      sorts: [
        { label: tri('Default', '默认', '預設')[l], value: 'default' },
        { label: tri('Price: low to high', '价格从低到高', '價格從低到高')[l], value: 'price_asc' },
        { label: tri('Price: high to low', '价格从高到低', '價格從高到低')[l], value: 'price_desc' },
      ],
      hotSearches: [
        { label: '8888', field: 'endsWith', value: '8888' },
        { label: 'AABB', field: 'pattern', value: 'AABB' },
      ],
    })),
    'GET /api/shop/numberDetail': route(numberDetail)((req, l) => {
      const row = NUMBERS.find((n) => n[0] === req.query.get('number')) ?? NUMBERS[0]!;
      const packages = PACKAGES.filter((p) => p.operator === row[1]).map((p) => numberPackage(p, l));
      return { ...numberItem(row, l), status: 'on_sale', packages, minMonthlyFee: packages[0]?.monthlyFee ?? 0 };
    }),
    'GET /api/shop/base/ipLocation': route(ipLocation)((_req, l) => ({
      province: REGIONS.guangdong.code,
      provinceName: REGIONS.guangdong.name[l],
      city: REGIONS.shenzhen.code,
      cityName: REGIONS.shenzhen.name[l],
      source: 'ip',
    })),
    'GET /api/shop/numberWatch/list': route(numberWatchList)(() => ({
      list: [
        {
          id: 7,
          endsWith: '8888',
          pattern: '',
          operator: '4',
          province: REGIONS.guangdong.code,
          city: '',
          maxPrice: 1000000,
          createdAt: now - 4 * DAY,
          hits: [{ number: '13923458888', price: 888800, onSale: true, foundAt: now - DAY, unseen: true }],
        },
      ],
      unseen: 1,
    })),
    'GET /api/shop/numberWatch/unseen': route(unseenReply)(() => ({ unseen: 1 })),
    'POST /api/shop/numberWatch/seen': route(nothing)(() => null),

    // ── Goods and fast numbers ──
    'GET /api/shop/goodsList': route(goodsListReply)((req, l) => ({
      categories: CATEGORIES.map((c) => ({ id: c.id, name: c.name[l] })),
      list: GOODS.filter((g) => !Number(req.query.get('categoryId')) || g.categoryId === Number(req.query.get('categoryId'))).map((g) =>
        goodsItem(g, l),
      ),
      total: GOODS.length,
      page: Number(req.query.get('page') ?? 1),
      pageSize: Number(req.query.get('pageSize') ?? 10),
    })),
    'GET /api/shop/goodsDetail': route(goodsDetail)((req, l) => {
      const g = GOODS.find((x) => x.id === Number(req.query.get('id'))) ?? GOODS[0]!;
      return {
        ...goodsItem(g, l),
        categoryName: CATEGORIES.find((c) => c.id === g.categoryId)!.name[l],
        images: [g.image],
        description: tri(
          'Nationwide data on the 5G network.\n\nActivate it with your real name when it arrives.',
          '全国通用流量，支持 5G 网络。\n\n收货后按说明完成实名激活。',
          '全國通用流量，支援 5G 網路。\n\n收貨後按說明完成實名啟用。',
        )[l],
        skus: g.skus.map((s) => ({ id: s.id, name: s.name[l], price: s.price, originalPrice: s.originalPrice, stock: s.stock })),
        popup: null,
        maxQuantity: 5,
      };
    }),
    'GET /api/shop/fastNumber/products': route(fastNumberProducts)((_req, l) => ({
      operators: ['4', '2'].map((operator) => ({
        operator,
        operatorName: opName(operator, l),
        packages: PACKAGES.filter((p) => p.operator === operator).map((p) => numberPackage(p, l)),
      })),
    })),

    // ── Login and orders ──
    'POST /api/hk/sendCode': route(sendCodeReply)(() => ({ expiresIn: 300, resendIn: 60, devCode: '246810' })),
    'POST /api/hk/login': route(userInfo)((req) => {
      const mobile = (req.body as { mobile?: string } | undefined)?.mobile ?? BUYER_MOBILE;
      return {
        mobile,
        mobileMasked: `${mobile.slice(0, 3)}****${mobile.slice(7)}`,
        nickname: '',
        avatar: '',
        expiresAt: now + 30 * DAY,
      };
    }),
    'GET /api/hk/userInfo': route(userInfo)(() => ({
      mobile: BUYER_MOBILE,
      mobileMasked: '138****8000',
      nickname: '',
      avatar: '',
      expiresAt: now + 30 * DAY,
    })),
    'GET /api/shop/order/list': route(orderPage)((req, l) => {
      const status = req.query.get('status') ?? '';
      const list = demoOrders(now, l)
        .filter((o) => !status || o.status === status)
        .map((o) => orderSummary.parse(o));
      return { list, total: list.length, page: Number(req.query.get('page') ?? 1), pageSize: Number(req.query.get('pageSize') ?? 10) };
    }),
    'GET /api/shop/order/detail': route(orderDetail)((req, l) => orderByNo(now, l, req.query.get('orderNo'))),
    'GET /api/shop/order/logistics': route(orderLogistics)((req, l) => ({
      orderNo: req.query.get('orderNo') ?? shopOrderNo('G', 2),
      company: tri('SF Express', '顺丰速运', '順豐速運')[l],
      companyCode: 'SF',
      trackingNo: 'SF1234567890123',
      status: 'in_transit',
      events: [
        {
          at: now - 6 * HOUR,
          status: 'in_transit',
          description: tri('Left the Shenzhen sorting centre', '已离开深圳转运中心', '已離開深圳轉運中心')[l],
          descriptionLanguage: l,
          location: REGIONS.shenzhen.name[l],
        },
        {
          at: now - 2 * DAY,
          status: 'collected',
          description: tri('Collected by the courier', '快递员已揽收', '快遞員已攬收')[l],
          descriptionLanguage: l,
          location: REGIONS.shenzhen.name[l],
        },
      ],
    })),
    'GET /api/shop/order/payResult': route(payResult)((req) => ({
      orderNo: req.query.get('orderNo') ?? shopOrderNo('N', 1),
      orderStatus: 'awaiting_payment',
      paid: false,
      amount: 898800,
      payment: null,
    })),
    'GET /api/shop/payment/methods': route(paymentMethods)((_req, l) => [
      { method: 'sandbox', name: tri('Sandbox pay', '沙箱支付', '沙箱支付')[l] },
    ]),
    'POST /api/shop/order/pay': route(paymentView)(() => payment(898800)),
    'GET /api/shop/reviews': route(reviewListReply)((_req, l) => ({
      list: [
        {
          id: 1,
          rating: 5,
          name: tri('Z*', '张*', '張*')[l],
          content: tri('Shipped fast, the number is easy to remember.', '发货很快，号码很好记。', '出貨很快，號碼很好記。')[l],
          number: '139****8888',
          createdAt: now - 8 * DAY,
        },
      ],
      total: 1,
      page: 1,
      pageSize: 10,
      average: 5,
    })),

    // ── Customer service and featured pages ──
    'GET /api/shop/customer/hotQuestionList': route(hotQuestionList)((_req, l) => QUESTIONS.map((q) => question(q, l))),
    'GET /api/shop/sysQuestion/list': route(questionListReply)((req, l) => {
      const category = req.query.get('category') ?? '';
      const list = QUESTIONS.filter((q) => !category || q.category === category).map((q) => question(q, l));
      return { list, total: list.length, page: 1, pageSize: 20 };
    }),
    'GET /api/shop/sysQuestion/view': route(questionDetail)((req, l) => {
      const q = QUESTIONS.find((x) => x.id === Number(req.query.get('id'))) ?? QUESTIONS[0]!;
      return { ...question(q, l), content: q.content[l], updatedAt: now - 10 * DAY };
    }),
    'GET /api/shop/singlePageInfo': route(singlePageInfo)((req, l) => ({
      pageCode: req.query.get('pageCode') ?? 'lucky',
      promoCode: PROMO_CODE,
      title: tri('Lucky number festival', '吉祥靓号节', '吉祥靚號節')[l],
      blocks: [
        {
          type: 'banner',
          items: [
            {
              image: `${IMG}/banner-1.svg`,
              title: tri('Lucky numbers, limited-time offer', '吉祥靓号 限时特惠', '吉祥靚號 限時特惠')[l],
              link: '/pages/index/VanityNumber/index',
            },
          ],
        },
        {
          type: 'text',
          title: tri('A good number lasts a lifetime', '好号码，一用就是一辈子', '好號碼，一用就是一輩子')[l],
          content: tri(
            '<p>Genuine carrier numbers, shipped free.</p>',
            '<p>正规运营商号码，包邮到家。</p>',
            '<p>正規電信業者號碼，包郵到家。</p>',
          )[l],
        },
        { type: 'numbers', title: tri('Ending in 8', '尾号 8 精选', '尾號 8 精選')[l], pattern: 'TAIL8', operator: '', limit: 4 },
        { type: 'goods', title: tri('Picks of the shop', '精选好物', '精選好物')[l], categoryId: 0, limit: 2 },
        {
          type: 'button',
          key: 'more',
          text: tri('All numbers', '查看全部靓号', '查看全部靚號')[l],
          link: '/pages/index/VanityNumber/index',
        },
      ],
      popup: { switch: false, title: '', content: '', buttonText: '', link: '' },
      updatedAt: now - 3 * DAY,
    })),

    // ── Agents ──
    'GET /api/agent/lowerList': route(lowerList)((_req, l) => ({
      agent: { promoCode: PROMO_CODE, name: tri('Number Select official store', '号码优选官方店', '號碼優選官方店')[l] },
      list: [
        {
          promoCode: 'agent01',
          name: tri('Tier-1 agent · Xinghe Telecom', '一级代理·星河通信', '一級代理·星河通信')[l],
          sales: { orders: 42, amount: 3560000, monthOrders: 6, monthAmount: 412000 },
          customPrice: { numberRules: [{ pattern: '', markup: 5000 }], goodsMarkupPercent: 10 },
        },
      ],
    })),
    'GET /api/agent/lowerAgentCustomPrice': route(lowerAgent)((_req, l) => ({
      promoCode: 'agent01',
      name: tri('Tier-1 agent · Xinghe Telecom', '一级代理·星河通信', '一級代理·星河通信')[l],
      sales: { orders: 42, amount: 3560000, monthOrders: 6, monthAmount: 412000 },
      customPrice: { numberRules: [{ pattern: '', markup: 5000 }], goodsMarkupPercent: 10 },
    })),
  };
}
