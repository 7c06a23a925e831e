import type { SimLayout } from '@simshop/contract/iot';

const IMG = '/shop/static';

const item = (key: string, title: string, path = '', icon = '') => ({ key, title, icon, path });
const el = (key: string, title = '', style = '', items: ReturnType<typeof item>[] = [], on = true) => ({
  key,
  switch: on,
  title,
  style,
  items,
});
/** Menus and tabs without an uploaded icon show the app's built-in glyph of their key. */
const menu = (key: string, title: string, type: string, path: string, icon = '') => ({ key, title, icon, type, path });

/** The English of the built-in layout's texts, by their Chinese (Traditional is converted). */
export const BUILT_IN_ENGLISH: Readonly<Record<string, string>> = {
  物联网卡自助服务: 'IoT SIM self-service',
  套餐订购: 'Buy a package',
  余额充值: 'Top up',
  套餐详情: 'Package details',
  用量记录: 'Usage history',
  实名认证: 'Real-name authentication',
  绑定手机: 'Bind phone',
  绑定微信: 'Linked WeChat',
  订单记录: 'Orders',
  联系客服: 'Customer service',
  首页: 'Home',
  套餐: 'Packages',
  我的: 'Me',
  我的资产: 'My assets',
  会员: 'VIP',
  常用功能: 'Shortcuts',
  客服中心: 'Customer service',
  切换卡片: 'Switch card',
  服务协议: 'Service agreement',
  流量使用: 'Data usage',
  余额: 'Balance',
  积分: 'Points',
  券币: 'Coupon coins',
  设备保修: 'Device warranty',
  剩余流量: 'Data left',
  到期时间: 'Expires',
  卡状态: 'Card status',
  实名状态: 'Real-name status',
  运营商: 'Operator',
  任务签到: 'Daily tasks',
  券币兑换: 'Coupon exchange',
  会员中心: 'VIP',
  加速包: 'Speed boost',
  积分商城: 'Points mall',
  设备管理: 'Device settings',
  切换网络: 'Switch network',
  终端授权: 'Phone access',
  网络诊断: 'Connection check',
};

/** Menus of a card in a portable Wi-Fi device (the app shows them to device cards only). */
export const DEVICE_MENUS = [
  { key: 'deviceManage', title: '设备管理', path: '/pages-sub/iot/deviceManage/index' },
  { key: 'switchNet', title: '切换网络', path: '/pages/iot/index/switchNet/index' },
  { key: 'deviceTerminalAuth', title: '终端授权', path: '/pages-sub/iot/index/deviceTerminalAuth/index' },
] as const;

/** The layout of a promoter that has none of its own (and whose default promoter has none either). */
export function builtInLayout(): SimLayout {
  return {
    name: '物联网卡自助服务',
    logo: `${IMG}/logo.svg`,
    avatar: `${IMG}/avatar.svg`,
    refreshSwitch: true,
    packageLamp: false,
    kefuUrl: '',
    notice: '',
    maxMenuTimes: 10,
    menus: [
      menu('package', '套餐订购', 'page', '/pages/iot/index/package/index'),
      menu('balance', '余额充值', 'page', '/pages/iot/index/balance/index'),
      menu('wifi', 'Wi-Fi', 'page', '/pages-sub/wifi/index'),
      menu('task', '任务签到', 'page', '/pages-sub/iot/task/index'),
      menu('couponExchange', '券币兑换', 'page', '/pages-sub/iot/index/couponExchange/index'),
      menu('accelerate', '加速包', 'page', '/pages-sub/iot/index/accelerate/index'),
      menu('packageInfo', '套餐详情', 'page', '/pages-sub/iot/index/packageInfo/index'),
      menu('historyLine', '用量记录', 'page', '/pages-sub/iot/index/historyLine/index'),
      menu('orderLogs', '订单记录', 'page', '/pages/iot/index/orderLogs/index'),
      menu('integralShop', '积分商城', 'page', '/pages-sub/iot/integralShop/index'),
      menu('realnameAuth', '实名认证', 'page', '/pages/iot/index/realnameAuth/index'),
      menu('bindPhone', '绑定手机', 'page', '/pages/iot/index/bindPhone/index'),
      menu('diagnose', '网络诊断', 'page', '/pages-sub/iot/index/diagnose/index'),
      menu('customer', '联系客服', 'page', '/pages/iot/index/customer/index'),
      ...DEVICE_MENUS.map((m) => menu(m.key, m.title, 'page', m.path)),
    ],
    carousels: [],
    popup: { switch: false, title: '', content: '' },
    tabBar: {
      switch: false,
      middleBulge: false,
      items: [
        {
          path: '/pages/iot/index/index',
          switch: true,
          text: '首页',
          icon: '',
          selectedIcon: '',
        },
        {
          path: '/pages/iot/index/package/index',
          switch: true,
          text: '套餐',
          icon: '',
          selectedIcon: '',
        },
        {
          path: '/pages-sub/iot/user/index',
          switch: true,
          text: '我的',
          icon: '',
          selectedIcon: '',
        },
      ],
    },
    user: {
      elements: [el('asset', '我的资产'), el('vip', '会员'), el('menus', '常用功能'), el('service', '客服中心')],
      carousels: [],
      maxMenuTimes: 10,
      menus: [
        menu('orderLogs', '订单记录', 'page', '/pages/iot/index/orderLogs/index'),
        menu('task', '任务签到', 'page', '/pages-sub/iot/task/index'),
        menu('couponExchange', '券币兑换', 'page', '/pages-sub/iot/index/couponExchange/index'),
        menu('vip', '会员中心', 'page', '/pages-sub/iot/index/vip/index'),
        menu('integralShop', '积分商城', 'page', '/pages-sub/iot/integralShop/index'),
        menu('changeDevice', '切换卡片', 'page', '/pages-sub/iot/user/changeDevice/index'),
        menu('realnameAuth', '实名认证', 'page', '/pages/iot/index/realnameAuth/index'),
        menu('bindPhone', '绑定手机', 'page', '/pages/iot/index/bindPhone/index'),
        menu('oauth', '绑定微信', 'page', '/pages-sub/iot/user/oauth/index'),
        menu('protocol', '服务协议', 'page', '/pages/iot/login/protocol'),
      ],
      service: { kefuUrl: '', kefuMobile: '', kefuQr: '', wechat: '', workTime: '' },
    },
    index: {
      elements: [
        el('header'),
        el('simStatusTips'),
        el('notice'),
        el('flowCard', '流量使用', 'ring'),
        el('itemCard', '', '', [
          item('balance', '余额', '/pages/iot/index/balance/index'),
          item('integral', '积分', '/pages-sub/iot/index/integralLog/index'),
          item('couponCoin', '券币', '/pages-sub/iot/index/couponExchange/index'),
        ]),
        el('menus', '常用功能'),
        el('swiper'),
        el('warranty', '设备保修'),
      ],
      header: {
        key: 'default',
        data: {
          background: '#018d71',
          color: '#ffffff',
          infoItems: [item('balance', '余额'), item('surplusFlow', '剩余流量'), item('endAt', '到期时间')],
          statusItems: [item('simStatus', '卡状态'), item('authStatus', '实名状态'), item('operator', '运营商')],
        },
      },
    },
  };
}
