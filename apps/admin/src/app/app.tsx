import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import zhTW from 'antd/locale/zh_TW';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { createHashRouter, type RouteObject, RouterProvider } from 'react-router';
import { ApiError } from '../lib/api.ts';
import { LoginPage } from '../pages/login.tsx';
import { ConsoleLayout } from './layout.tsx';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: (count, error) => !(error instanceof ApiError) && count < 2, refetchOnWindowFocus: false },
  },
});

/**
 * A page whose code loads when it is first opened: each page is its own chunk, and the sign-in
 * page and the frame (layout.tsx, antd, the query client) are the only code loaded up front.
 */
function page<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): Pick<RouteObject, 'lazy'> {
  return { lazy: async () => ({ Component: pick(await load()) }) };
}

/** The console's pages: the side menu (layout.tsx) lists exactly these, by role. */
const router = createHashRouter([
  { path: '/login', element: <LoginPage /> },
  {
    path: '/',
    element: <ConsoleLayout />,
    children: [
      {
        index: true,
        ...page(
          () => import('../pages/dashboard.tsx'),
          (m) => m.HomePage,
        ),
      },
      {
        path: 'storefronts',
        ...page(
          () => import('../pages/storefronts.tsx'),
          (m) => m.StorefrontsPage,
        ),
      },
      {
        path: 'orders',
        ...page(
          () => import('../pages/orders.tsx'),
          (m) => m.OrdersPage,
        ),
      },
      {
        path: 'fastNumber',
        ...page(
          () => import('../pages/fast-number.tsx'),
          (m) => m.FastNumberPage,
        ),
      },
      {
        path: 'reconciliation',
        ...page(
          () => import('../pages/reconciliation.tsx'),
          (m) => m.ReconciliationPage,
        ),
      },
      {
        path: 'goods',
        ...page(
          () => import('../pages/goods.tsx'),
          (m) => m.GoodsPage,
        ),
      },
      {
        path: 'packages',
        ...page(
          () => import('../pages/packages.tsx'),
          (m) => m.PackagesPage,
        ),
      },
      {
        path: 'engage',
        ...page(
          () => import('../pages/engage.tsx'),
          (m) => m.EngagePage,
        ),
      },
      {
        path: 'topupOffers',
        ...page(
          () => import('../pages/topup-offers.tsx'),
          (m) => m.TopupOffersPage,
        ),
      },
      {
        path: 'coupons',
        ...page(
          () => import('../pages/coupons.tsx'),
          (m) => m.CouponsPage,
        ),
      },
      {
        path: 'numbers',
        ...page(
          () => import('../pages/numbers.tsx'),
          (m) => m.NumbersPage,
        ),
      },
      {
        path: 'numberPackages',
        ...page(
          () => import('../pages/number-packages.tsx'),
          (m) => m.NumberPackagesPage,
        ),
      },
      {
        path: 'numbers/prices',
        ...page(
          () => import('../pages/number-prices.tsx'),
          (m) => m.NumberPricesPage,
        ),
      },
      {
        path: 'operators',
        ...page(
          () => import('../pages/operators.tsx'),
          (m) => m.OperatorsPage,
        ),
      },
      {
        path: 'agents',
        ...page(
          () => import('../pages/agents.tsx'),
          (m) => m.AgentsPage,
        ),
      },
      {
        path: 'sims',
        ...page(
          () => import('../pages/sims.tsx'),
          (m) => m.SimsPage,
        ),
      },
      {
        path: 'sims/realname',
        ...page(
          () => import('../pages/sims-realname.tsx'),
          (m) => m.SimsRealnamePage,
        ),
      },
      {
        path: 'sims/import',
        ...page(
          () => import('../pages/sims-import.tsx'),
          (m) => m.SimsImportPage,
        ),
      },
      {
        path: 'sims/:id',
        ...page(
          () => import('../pages/sim-card.tsx'),
          (m) => m.SimCardPage,
        ),
      },
      {
        path: 'capabilities',
        ...page(
          () => import('../pages/capabilities.tsx'),
          (m) => m.CapabilitiesPage,
        ),
      },
      {
        path: 'layouts',
        ...page(
          () => import('../pages/layouts.tsx'),
          (m) => m.LayoutsPage,
        ),
      },
      {
        path: 'content',
        ...page(
          () => import('../pages/content.tsx'),
          (m) => m.ContentPage,
        ),
      },
      {
        path: 'audit',
        ...page(
          () => import('../pages/audit.tsx'),
          (m) => m.AuditPage,
        ),
      },
      {
        path: 'webhooks',
        ...page(
          () => import('../pages/webhooks.tsx'),
          (m) => m.WebhooksPage,
        ),
      },
      {
        path: 'carrierAccounts',
        ...page(
          () => import('../pages/carrier-accounts.tsx'),
          (m) => m.CarrierAccountsPage,
        ),
      },
      {
        path: 'carrierReconciliation',
        ...page(
          () => import('../pages/carrier-recon.tsx'),
          (m) => m.CarrierReconPage,
        ),
      },
    ],
  },
]);

const ANTD_LOCALES = { en: enUS, 'zh-Hans': zhCN, 'zh-Hant': zhTW } as const;

export function App() {
  const { i18n } = useTranslation();
  const locale = ANTD_LOCALES[i18n.language as keyof typeof ANTD_LOCALES] ?? zhCN;
  return (
    <ConfigProvider locale={locale} theme={{ token: { colorPrimary: '#018d71' } }}>
      <AntApp>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
