import { DotLoading } from 'antd-mobile';
import { LeftOutline } from 'antd-mobile-icons';
import { Component, type ReactNode, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigationType } from 'react-router';
import { useBaseConfig } from '../features/site/api/base-config.ts';
import { navigateBack } from '../lib/nav.ts';
import { stackDepth } from './history.ts';
import type { PageDef } from './pages.ts';
import { TabBar } from './tab-bar.tsx';

/** Async page load delay before the loading indicator shows (spec §9). */
const LOAD_DELAY_MS = 200;

function PageLoading() {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setVisible(true), LOAD_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  return <div className="center-view">{visible ? <DotLoading color="primary" /> : null}</div>;
}

/** A page that failed to load shows an error view; a click reloads (spec §8). */
class PageErrorBoundary extends Component<{ children: ReactNode; message: string }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <button
        type="button"
        className="center-view"
        style={{ width: '100%', border: 0, background: 'none' }}
        onClick={() => location.reload()}
      >
        {this.props.message}
      </button>
    );
  }
}

export function NavTitleBar({ title, showBack, onBack }: { title: string; showBack: boolean; onBack?: () => void }) {
  const { t } = useTranslation();
  return (
    <header className="nav-bar">
      <div className="nav-bar-inner">
        <div className="nav-bar-side">
          {showBack ? (
            <button type="button" className="nav-back" aria-label={t('common.back')} onClick={onBack ?? (() => void navigateBack())}>
              <LeftOutline />
            </button>
          ) : null}
        </div>
        <div className="nav-bar-title">{title}</div>
        <div className="nav-bar-side" />
      </div>
    </header>
  );
}

/** Frame of every page: navigation bar, the page itself, and the tab bar on tab pages. */
export function PageShell({ page, children }: { page: PageDef; children: ReactNode }) {
  const { t } = useTranslation();
  const config = useBaseConfig();
  const location = useLocation();
  const navigationType = useNavigationType();
  const title = t(page.titleKey);

  // A page opened anew starts at the top; going back keeps where the user was.
  // biome-ignore lint/correctness/useExhaustiveDependencies: it runs on every navigation, which location.key marks
  useEffect(() => {
    if (navigationType !== 'POP') window.scrollTo(0, 0);
  }, [location.key, navigationType]);
  const isTab = page.tab !== undefined;

  useEffect(() => {
    const shop = config?.front.title;
    document.title = shop ? `${title} - ${shop}` : title;
  }, [title, config?.front.title]);

  return (
    <div className="page" data-page={page.path}>
      {page.customNavBar ? null : <NavTitleBar title={title} showBack={!isTab || stackDepth() > 0} />}
      <main className={isTab ? 'page-body' : 'page-body no-tab'}>
        <PageErrorBoundary key={location.key} message={t('common.loadFailed')}>
          <Suspense fallback={<PageLoading />}>{children}</Suspense>
        </PageErrorBoundary>
      </main>
      {isTab ? <TabBar current={page.tab ?? 0} /> : null}
    </div>
  );
}
