import type { PageDef } from './pages.ts';

/** Pages of customer service, the shop's own pages and the app's helpers (merged into app/pages.ts). */
export const servicePages: PageDef[] = [
  { path: '/pages/customer/question/index', titleKey: 'title.questions', load: () => import('../pages/customer/question/index.tsx') },
  { path: '/pages/customer/question/detail', titleKey: 'title.question', load: () => import('../pages/customer/question/detail.tsx') },
  { path: '/pages/customer/code', titleKey: 'title.customerCode', load: () => import('../pages/customer/code.tsx') },
  { path: '/pages/about/textTemplate', titleKey: 'title.about', load: () => import('../pages/about/textTemplate.tsx') },
  { path: '/pages/webview/index', titleKey: 'title.webview', load: () => import('../pages/webview/index.tsx') },
  {
    path: '/pages-sub/appUpdate/index',
    titleKey: 'title.appUpdate',
    customNavBar: true,
    load: () => import('../pages-sub/appUpdate/index.tsx'),
  },
  { path: '/pages-sub/single/index', titleKey: 'title.single', customNavBar: true, load: () => import('../pages-sub/single/index.tsx') },
  { path: '/pages-sub/single/single', titleKey: 'title.single', load: () => import('../pages-sub/single/single.tsx') },
  { path: '/pages/index/default', titleKey: 'title.home', customNavBar: true, load: () => import('../pages/index/default.tsx') },
  {
    path: '/pages/index/VanityNumber/index_mp',
    titleKey: 'title.vanityNumber',
    load: () => import('../pages/index/VanityNumber/index_mp.tsx'),
  },
  { path: '/pages/user/index2', titleKey: 'title.my', load: () => import('../pages/user/index2.tsx') },
];
