import type { PageDef } from './pages.ts';

/** Pages of the storefront feature (merged into app/pages.ts). */
export const storefrontPages: PageDef[] = [
  { path: '/pages/index/VanityNumber/index', titleKey: 'title.vanityNumber', load: () => import('../pages/index/VanityNumber/index.tsx') },
  {
    path: '/pages/index/VanityNumber/watch',
    titleKey: 'title.numberWatch',
    needLogin: true,
    load: () => import('../pages/index/VanityNumber/watch.tsx'),
  },
  { path: '/pages/goods/index', titleKey: 'title.goods', load: () => import('../pages/goods/index.tsx') },
  { path: '/pages/goods/fastNumber/index', titleKey: 'title.fastNumber', load: () => import('../pages/goods/fastNumber/index.tsx') },
  {
    path: '/pages/goods/fastNumber/formSubmit',
    titleKey: 'title.fastNumberForm',
    load: () => import('../pages/goods/fastNumber/formSubmit.tsx'),
  },
  { path: '/pages/index/agent/index', titleKey: 'title.agent', needLogin: true, load: () => import('../pages/index/agent/index.tsx') },
  { path: '/pages/resetCert/index', titleKey: 'title.resetCert', needLogin: true, load: () => import('../pages/resetCert/index.tsx') },
  { path: '/pages/goods/general/index', titleKey: 'title.goodsDetail', load: () => import('../pages/goods/general/index.tsx') },
  { path: '/pages/goods/pretty/index', titleKey: 'title.prettyNumber', load: () => import('../pages/goods/pretty/index.tsx') },
  { path: '/pages/goods/pretty/package', titleKey: 'title.prettyPackage', load: () => import('../pages/goods/pretty/package.tsx') },
  { path: '/pages/goods/pretty/comment', titleKey: 'title.prettyComment', load: () => import('../pages/goods/pretty/comment.tsx') },
  { path: '/pages/about/payment', titleKey: 'title.aboutPayment', load: () => import('../pages/about/payment.tsx') },
  { path: '/pages/about/promise', titleKey: 'title.aboutPromise', load: () => import('../pages/about/promise.tsx') },
  { path: '/pages/login/index', titleKey: 'title.login', load: () => import('../pages/login/index.tsx') },
  { path: '/pages/order/pay/index', titleKey: 'title.orderPay', load: () => import('../pages/order/pay/index.tsx') },
  { path: '/pages/order/detail/index', titleKey: 'title.orderDetail', load: () => import('../pages/order/detail/index.tsx') },
  { path: '/pages/order/logistics/index', titleKey: 'title.orderLogistics', load: () => import('../pages/order/logistics/index.tsx') },
];
