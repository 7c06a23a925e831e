import 'antd-mobile/es/global';
import './theme.css';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { prefetchBaseConfig } from '../features/site/api/base-config.ts';
import { setupI18n } from '../lib/i18n.ts';
import { HOME } from '../lib/nav.ts';
import { LocaleProvider } from './locale-provider.tsx';
import { applyRem } from './rem.ts';
import { AppRouter, setupNavigation } from './router.tsx';

applyRem();

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 30_000 } },
});

function start() {
  setupI18n();
  const { pathname } = setupNavigation();
  prefetchBaseConfig(queryClient, pathname === HOME || pathname === '/');
  const root = document.getElementById('root');
  if (!root) return;
  createRoot(root).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <LocaleProvider>
          <AppRouter />
        </LocaleProvider>
      </QueryClientProvider>
    </StrictMode>,
  );
}

start();
