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
  {
    path: '/pages/iot/index/switchNet/index',
    titleKey: 'iot.title.switchNet',
    load: () => import('../pages/iot/index/switchNet/index.tsx'),
  },
  {
    path: '/pages-sub/iot/index/usageAlerts/index',
    titleKey: 'iot.title.usageAlerts',
    load: () => import('../pages-sub/iot/index/usageAlerts/index.tsx'),
  },
  {
    path: '/pages-sub/iot/index/autoRules/index',
    titleKey: 'iot.title.autoRules',
    load: () => import('../pages-sub/iot/index/autoRules/index.tsx'),
  },
  {
    path: '/pages-sub/iot/index/diagnose/index',
    titleKey: 'iot.title.diagnose',
    load: () => import('../pages-sub/iot/index/diagnose/index.tsx'),
  },
  {
    path: '/pages-sub/iot/deviceManage/index',
    titleKey: 'iot.title.deviceManage',
    load: () => import('../pages-sub/iot/deviceManage/index.tsx'),
  },
  {
    path: '/pages-sub/iot/deviceManage/setSsidPwd/index',
    titleKey: 'iot.title.setSsidPwd',
    load: () => import('../pages-sub/iot/deviceManage/setSsidPwd/index.tsx'),
  },
  {
    path: '/pages-sub/iot/deviceManage/security/index',
    titleKey: 'iot.title.securityCentre',
    load: () => import('../pages-sub/iot/deviceManage/security/index.tsx'),
  },
  {
    path: '/pages-sub/iot/index/deviceTerminalAuth/index',
    titleKey: 'iot.title.deviceTerminalAuth',
    load: () => import('../pages-sub/iot/index/deviceTerminalAuth/index.tsx'),
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
  { path: '/pages-sub/iot/task/index', titleKey: 'engage.title.task', load: () => import('../pages-sub/iot/task/index.tsx') },
  {
    path: '/pages-sub/iot/task/landscape/index',
    titleKey: 'engage.title.task',
    load: () => import('../pages-sub/iot/task/landscape/index.tsx'),
  },
  {
    path: '/pages-sub/iot/protocol/index',
    titleKey: 'iot.title.protocols',
    load: () => import('../pages-sub/iot/protocol/index.tsx'),
  },
  {
    path: '/pages-sub/iot/protocol/taskRule',
    titleKey: 'engage.title.taskRule',
    load: () => import('../pages-sub/iot/protocol/taskRule.tsx'),
  },
  {
    path: '/pages-sub/iot/index/integralLog/index',
    titleKey: 'engage.title.integralLog',
    load: () => import('../pages-sub/iot/index/integralLog/index.tsx'),
  },
  {
    path: '/pages-sub/iot/index/couponExchange/index',
    titleKey: 'engage.title.couponExchange',
    load: () => import('../pages-sub/iot/index/couponExchange/index.tsx'),
  },
  {
    path: '/pages-sub/iot/index/couponExchange/order/index',
    titleKey: 'engage.title.exchangeOrders',
    load: () => import('../pages-sub/iot/index/couponExchange/order/index.tsx'),
  },
  { path: '/pages-sub/iot/index/vip/index', titleKey: 'engage.title.vip', load: () => import('../pages-sub/iot/index/vip/index.tsx') },
  {
    path: '/pages-sub/iot/index/vip/popup',
    titleKey: 'engage.title.vipPrivileges',
    load: () => import('../pages-sub/iot/index/vip/popup.tsx'),
  },
  {
    path: '/pages-sub/iot/index/vip/pay/index',
    titleKey: 'engage.title.vipPay',
    load: () => import('../pages-sub/iot/index/vip/pay/index.tsx'),
  },
  {
    path: '/pages-sub/iot/index/accelerate/index',
    titleKey: 'engage.title.accelerate',
    load: () => import('../pages-sub/iot/index/accelerate/index.tsx'),
  },
  {
    path: '/pages-sub/iot/index/accelerate/cashier/index',
    titleKey: 'engage.title.accelerateCashier',
    load: () => import('../pages-sub/iot/index/accelerate/cashier/index.tsx'),
  },
  {
    path: '/pages-sub/iot/index/accelerate/order/index',
    titleKey: 'engage.title.accelerateOrders',
    load: () => import('../pages-sub/iot/index/accelerate/order/index.tsx'),
  },
  { path: '/pages-sub/iot/user/asset', titleKey: 'iot.title.userAsset', load: () => import('../pages-sub/iot/user/asset.tsx') },
  {
    path: '/pages-sub/iot/user/carousel',
    titleKey: 'iot.title.userCarousel',
    load: () => import('../pages-sub/iot/user/carousel.tsx'),
  },
  { path: '/pages-sub/iot/user/service', titleKey: 'iot.title.userService', load: () => import('../pages-sub/iot/user/service.tsx') },
  { path: '/pages-sub/iot/user/vip', titleKey: 'engage.title.myVip', load: () => import('../pages-sub/iot/user/vip.tsx') },
  {
    path: '/pages-sub/iot/integralShop/index',
    titleKey: 'mall.title.integralShop',
    load: () => import('../pages-sub/iot/integralShop/index.tsx'),
  },
  {
    path: '/pages-sub/iot/integralShop/details/index',
    titleKey: 'mall.title.goodsDetails',
    load: () => import('../pages-sub/iot/integralShop/details/index.tsx'),
  },
  {
    path: '/pages-sub/iot/integralShop/details/payment/index',
    titleKey: 'mall.title.confirm',
    load: () => import('../pages-sub/iot/integralShop/details/payment/index.tsx'),
  },
  {
    path: '/pages-sub/iot/integralShop/details/cashier/index',
    titleKey: 'mall.title.cashier',
    load: () => import('../pages-sub/iot/integralShop/details/cashier/index.tsx'),
  },
  {
    path: '/pages-sub/iot/integralShop/details/selectAddress/index',
    titleKey: 'mall.title.selectAddress',
    load: () => import('../pages-sub/iot/integralShop/details/selectAddress/index.tsx'),
  },
  {
    path: '/pages-sub/iot/integralShop/details/selectAddress/edit',
    titleKey: 'mall.title.editAddress',
    // The region picker is the shop's (components/address-picker.tsx).
    textDomains: ['storefront'],
    load: () => import('../pages-sub/iot/integralShop/details/selectAddress/edit.tsx'),
  },
  {
    path: '/pages-sub/iot/integralShop/details/storePoint/index',
    titleKey: 'mall.title.storePoint',
    load: () => import('../pages-sub/iot/integralShop/details/storePoint/index.tsx'),
  },
  {
    path: '/pages-sub/iot/integralShop/order/index',
    titleKey: 'mall.title.orders',
    load: () => import('../pages-sub/iot/integralShop/order/index.tsx'),
  },
  {
    path: '/pages-sub/iot/integralShop/order/orderDetails/index',
    titleKey: 'mall.title.orderDetails',
    // Delivery states and events read as the shop's (components/logistics-view.tsx).
    textDomains: ['storefront'],
    load: () => import('../pages-sub/iot/integralShop/order/orderDetails/index.tsx'),
  },
  {
    path: '/pages-sub/iot/integralShop/order/orderDetails/logistics/index',
    titleKey: 'mall.title.logistics',
    // Delivery states and events read as the shop's (components/logistics-view.tsx).
    textDomains: ['storefront'],
    load: () => import('../pages-sub/iot/integralShop/order/orderDetails/logistics/index.tsx'),
  },
  {
    path: '/pages-sub/iot/integralShop/order/orderDetails/pay/index',
    titleKey: 'mall.title.pay',
    load: () => import('../pages-sub/iot/integralShop/order/orderDetails/pay/index.tsx'),
  },
  {
    path: '/pages/iot/index/realnameAuth/index',
    titleKey: 'iot.title.realnameAuth',
    load: () => import('../pages/iot/index/realnameAuth/index.tsx'),
  },
  {
    path: '/pages/iot/index/realnameAuth/official/index',
    titleKey: 'iot.title.realnameOfficial',
    load: () => import('../pages/iot/index/realnameAuth/official/index.tsx'),
  },
  {
    path: '/pages/iot/index/realnameAuth/platform/index',
    titleKey: 'iot.title.realnamePlatform',
    load: () => import('../pages/iot/index/realnameAuth/platform/index.tsx'),
  },
  {
    path: '/pages/iot/index/realnameAuth/switchOfficial/index',
    titleKey: 'iot.title.realnameSwitchOfficial',
    load: () => import('../pages/iot/index/realnameAuth/switchOfficial/index.tsx'),
  },
  {
    path: '/pages/iot/index/realnameAuth/switchOfficial/subOfficial/index',
    titleKey: 'iot.title.realnameSubOfficial',
    load: () => import('../pages/iot/index/realnameAuth/switchOfficial/subOfficial/index.tsx'),
  },
  { path: '/pages-sub/ltAuth/index', titleKey: 'iot.title.ltAuth', load: () => import('../pages-sub/ltAuth/index.tsx') },
  {
    path: '/pages/iot/index/bindPhone/index',
    titleKey: 'iot.title.bindPhone',
    load: () => import('../pages/iot/index/bindPhone/index.tsx'),
  },
  { path: '/pages-sub/iot/user/oauth/index', titleKey: 'iot.title.oauth', load: () => import('../pages-sub/iot/user/oauth/index.tsx') },
  { path: '/pages-sub/wifi/index', titleKey: 'wifi.title.index', load: () => import('../pages-sub/wifi/index.tsx') },
  { path: '/pages-sub/wifi/connect', titleKey: 'wifi.title.connect', load: () => import('../pages-sub/wifi/connect.tsx') },
  { path: '/pages-sub/wifi/share', titleKey: 'wifi.title.share', load: () => import('../pages-sub/wifi/share.tsx') },
  {
    path: '/pages-sub/iot/machineCode/index',
    titleKey: 'oneCode.title',
    load: () => import('../pages-sub/iot/machineCode/index.tsx'),
  },
];
