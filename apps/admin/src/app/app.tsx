import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import zhTW from 'antd/locale/zh_TW';
import { useTranslation } from 'react-i18next';
import { createHashRouter, RouterProvider } from 'react-router';
import { ApiError } from '../lib/api.ts';
import { AgentsPage } from '../pages/agents.tsx';
import { AuditPage } from '../pages/audit.tsx';
import { CapabilitiesPage } from '../pages/capabilities.tsx';
import { ContentPage } from '../pages/content.tsx';
import { CouponsPage } from '../pages/coupons.tsx';
import { HomePage } from '../pages/dashboard.tsx';
import { EngagePage } from '../pages/engage.tsx';
import { FastNumberPage } from '../pages/fast-number.tsx';
import { GoodsPage } from '../pages/goods.tsx';
import { LayoutsPage } from '../pages/layouts.tsx';
import { LoginPage } from '../pages/login.tsx';
import { NumberPackagesPage } from '../pages/number-packages.tsx';
import { NumberPricesPage } from '../pages/number-prices.tsx';
import { NumbersPage } from '../pages/numbers.tsx';
import { OperatorsPage } from '../pages/operators.tsx';
import { OrdersPage } from '../pages/orders.tsx';
import { PackagesPage } from '../pages/packages.tsx';
import { ReconciliationPage } from '../pages/reconciliation.tsx';
import { SimCardPage } from '../pages/sim-card.tsx';
import { SimsPage } from '../pages/sims.tsx';
import { SimsImportPage } from '../pages/sims-import.tsx';
import { SimsRealnamePage } from '../pages/sims-realname.tsx';
import { StorefrontsPage } from '../pages/storefronts.tsx';
import { TopupOffersPage } from '../pages/topup-offers.tsx';
import { WebhooksPage } from '../pages/webhooks.tsx';
import { ConsoleLayout } from './layout.tsx';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: (count, error) => !(error instanceof ApiError) && count < 2, refetchOnWindowFocus: false },
  },
});

/** The console's pages: the side menu (layout.tsx) lists exactly these, by role. */
const router = createHashRouter([
  { path: '/login', element: <LoginPage /> },
  {
    path: '/',
    element: <ConsoleLayout />,
    children: [
      { index: true, element: <HomePage /> },
      { path: 'storefronts', element: <StorefrontsPage /> },
      { path: 'orders', element: <OrdersPage /> },
      { path: 'fastNumber', element: <FastNumberPage /> },
      { path: 'reconciliation', element: <ReconciliationPage /> },
      { path: 'goods', element: <GoodsPage /> },
      { path: 'packages', element: <PackagesPage /> },
      { path: 'engage', element: <EngagePage /> },
      { path: 'topupOffers', element: <TopupOffersPage /> },
      { path: 'coupons', element: <CouponsPage /> },
      { path: 'numbers', element: <NumbersPage /> },
      { path: 'numberPackages', element: <NumberPackagesPage /> },
      { path: 'numbers/prices', element: <NumberPricesPage /> },
      { path: 'operators', element: <OperatorsPage /> },
      { path: 'agents', element: <AgentsPage /> },
      { path: 'sims', element: <SimsPage /> },
      { path: 'sims/realname', element: <SimsRealnamePage /> },
      { path: 'sims/import', element: <SimsImportPage /> },
      { path: 'sims/:id', element: <SimCardPage /> },
      { path: 'capabilities', element: <CapabilitiesPage /> },
      { path: 'layouts', element: <LayoutsPage /> },
      { path: 'content', element: <ContentPage /> },
      { path: 'audit', element: <AuditPage /> },
      { path: 'webhooks', element: <WebhooksPage /> },
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
