import type { PageDef } from './pages.ts';

/** Pages of the iot feature (merged into app/pages.ts). */
export const iotPages: PageDef[] = [
  { path: '/pages/iot/login/index', titleKey: 'iot.title.login', load: () => import('../pages/iot/login/index.tsx') },
  { path: '/pages/iot/login/code/index', titleKey: 'iot.title.loginCode', load: () => import('../pages/iot/login/code/index.tsx') },
  { path: '/pages/iot/login/protocol', titleKey: 'iot.title.protocol', load: () => import('../pages/iot/login/protocol.tsx') },
  { path: '/pages/iot/index/index', titleKey: 'iot.title.home', customNavBar: true, load: () => import('../pages/iot/index/index.tsx') },
  { path: '/pages/iot/index/moreMenu/index', titleKey: 'iot.title.moreMenu', load: () => import('../pages/iot/index/moreMenu/index.tsx') },
  { path: '/pages/iot/index/customer/index', titleKey: 'iot.title.customer', load: () => import('../pages/iot/index/customer/index.tsx') },
  { path: '/pages/iot/index/package/index', titleKey: 'iot.title.package', load: () => import('../pages/iot/index/package/index.tsx') },
  {
    path: '/pages-sub/iot/index/packageDetails/index',
    titleKey: 'iot.title.packageDetails',
    load: () => import('../pages-sub/iot/index/packageDetails/index.tsx'),
  },
  { path: '/pages/iot/index/balance/index', titleKey: 'iot.title.balance', load: () => import('../pages/iot/index/balance/index.tsx') },
  {
    path: '/pages/iot/index/balance/pay/index',
    titleKey: 'iot.title.balancePay',
    load: () => import('../pages/iot/index/balance/pay/index.tsx'),
  },
  {
    path: '/pages/iot/index/couponChoose/index',
    titleKey: 'iot.title.couponChoose',
    load: () => import('../pages/iot/index/couponChoose/index.tsx'),
  },
  {
    path: '/pages/iot/index/couponChoose/pay/index',
    titleKey: 'iot.title.couponPay',
    load: () => import('../pages/iot/index/couponChoose/pay/index.tsx'),
  },
  {
    path: '/pages/iot/index/payPassword/index',
    titleKey: 'iot.title.payPassword',
    load: () => import('../pages/iot/index/payPassword/index.tsx'),
  },
  { path: '/pages/iot/index/setRenew/index', titleKey: 'iot.title.setRenew', load: () => import('../pages/iot/index/setRenew/index.tsx') },
  {
    path: '/pages/iot/index/orderLogs/index',
    titleKey: 'iot.title.orderLogs',
    load: () => import('../pages/iot/index/orderLogs/index.tsx'),
  },
  {
    path: '/pages-sub/iot/index/packageInfo/index',
    titleKey: 'iot.title.packageInfo',
    load: () => import('../pages-sub/iot/index/packageInfo/index.tsx'),
  },
  {
    path: '/pages-sub/iot/index/historyLine/index',
    titleKey: 'iot.title.historyLine',
    load: () => import('../pages-sub/iot/index/historyLine/index.tsx'),
  },
  {
    path: '/pages-sub/iot/user/index',
    titleKey: 'iot.title.user',
    customNavBar: true,
    load: () => import('../pages-sub/iot/user/index.tsx'),
  },
  {
    path: '/pages-sub/iot/user/moreMenu/index',
    titleKey: 'iot.title.userMoreMenu',
    load: () => import('../pages-sub/iot/user/moreMenu/index.tsx'),
  },
  {
    path: '/pages-sub/iot/user/changeDevice/index',
    titleKey: 'iot.title.changeDevice',
    load: () => import('../pages-sub/iot/user/changeDevice/index.tsx'),
  },
];
