import type { ComponentType } from 'react';
import type { TextDomain } from '../lib/i18n.ts';
import type { NavPage } from '../lib/nav.ts';
import { iotPages } from './pages-iot.ts';
import { servicePages } from './pages-service.ts';
import { storefrontPages } from './pages-storefront.ts';

/** One page of the app: the single table of routes (like uni-app's pages.json). */
export interface PageDef extends NavPage {
  load: () => Promise<{ default: ComponentType }>;
  /** i18n key of the navigation-bar title. */
  titleKey: string;
  /** Pages that draw their own header hide the default navigation bar. */
  customNavBar?: boolean;
  /** Text domains of components from the other app that the page shows (lib/i18n.ts), beside its own app's. */
  textDomains?: TextDomain[];
}

/** Only pages that work end to end are listed; the rest arrive with their features. */
export const pages: PageDef[] = [
  { path: '/pages/index/index', tab: 0, titleKey: 'title.home', customNavBar: true, load: () => import('../pages/index/index.tsx') },
  { path: '/pages/order/index', tab: 1, titleKey: 'title.orders', load: () => import('../pages/order/index.tsx') },
  { path: '/pages/customer/index', tab: 2, titleKey: 'title.service', load: () => import('../pages/customer/index.tsx') },
  { path: '/pages/user/index', tab: 3, titleKey: 'title.my', customNavBar: true, load: () => import('../pages/user/index.tsx') },
  { path: '/pages/index/loadDomain', titleKey: 'title.loadDomain', load: () => import('../pages/index/loadDomain.tsx') },
  { path: '/pages/index/networkCheck', titleKey: 'title.networkCheck', load: () => import('../pages/index/networkCheck.tsx') },
  { path: '/pages/authorize/index', titleKey: 'title.authorize', load: () => import('../pages/authorize/index.tsx') },
  ...storefrontPages,
  ...servicePages,
  ...iotPages,
];

export const TAB_PAGES = pages.filter((p) => p.tab !== undefined).sort((a, b) => (a.tab ?? 0) - (b.tab ?? 0));
