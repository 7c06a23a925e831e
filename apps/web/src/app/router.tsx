import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { checkForUpdateSoon } from '../features/site/app-update.ts';
import { reportView } from '../features/site/tracking.ts';
import { currentLanguage, hasTexts, type Language, loadTexts, type TextDomain } from '../lib/i18n.ts';
import { createNavigator, HOME, installNavigator, LOGIN } from '../lib/nav.ts';
import { createHashRouter, Navigate, useLocation } from '../lib/router.tsx';
import { isLoggedIn, useSession } from '../lib/session.ts';
import { useTranslation } from '../lib/use-translation.ts';
import { resetStack, stackDepth } from './history.ts';
import { PageShell } from './page-shell.tsx';
import { type PageDef, pages } from './pages.ts';
import { iotPages } from './pages-iot.ts';

const NotFound = lazy(() => import('./not-found.tsx').then((m) => ({ default: m.NotFound })));

const iotPaths = new Set(iotPages.map((p) => p.path));
const textDomainOf = (page: PageDef): TextDomain => (iotPaths.has(page.path) ? 'iot' : 'storefront');

/** Starts loading a page's code and its texts side by side (the core texts only for an unknown route); resolves once the texts are in. */
function preload(page: PageDef | undefined, lng: Language = currentLanguage()): Promise<void> {
  if (!page) return loadTexts(lng, 'core');
  void page.load().catch(() => undefined);
  return loadTexts(lng, textDomainOf(page));
}

/**
 * A page shows once the core texts and its domain's are in (its code loads meanwhile), so no title
 * or label ever shows a key; nothing else waits for texts. If they cannot load, the page shows
 * anyway and its own requests report the network.
 */
function PageTexts({ page, children }: { page?: PageDef; children: ReactNode }) {
  const { i18n } = useTranslation();
  const lng = i18n.language as Language;
  const [failed, setFailed] = useState(false);
  const [, setArrived] = useState(0);
  const ready = hasTexts(lng, page ? textDomainOf(page) : 'core');
  useEffect(() => {
    // Rendered again once the texts are in: by this promise, not only by the texts' change event,
    // which a component subscribing after its first render can miss.
    if (!ready)
      preload(page, lng).then(
        () => setArrived((n) => n + 1),
        () => setFailed(true),
      );
  }, [ready, page, lng]);
  return ready || failed ? children : null;
}

/** Entering a needLogin page directly (deep link, reload) also goes through the login page. */
function Guard({ page, children }: { page: PageDef; children: ReactNode }) {
  const location = useLocation();
  const loggedIn = useSession((s) => s.userInfo.mobile !== '');
  if (page.needLogin && !loggedIn) {
    const redirect = encodeURIComponent(location.pathname + location.search);
    return <Navigate to={`${LOGIN}?redirect=${redirect}`} replace />;
  }
  return <>{children}</>;
}

function routeOf(page: PageDef) {
  const Page = lazy(page.load);
  return {
    path: page.path,
    element: (
      <PageTexts page={page}>
        <Guard page={page}>
          <PageShell page={page}>
            <Page />
          </PageShell>
        </Guard>
      </PageTexts>
    ),
  };
}

export function createAppRouter() {
  const homePage = pages.find((p) => p.path === HOME);
  const router = createHashRouter([
    ...pages.map(routeOf),
    ...(homePage ? [{ ...routeOf(homePage), path: '/' }] : []),
    {
      path: '*',
      element: (
        <PageTexts>
          <Suspense>
            <NotFound />
          </Suspense>
        </PageTexts>
      ),
    },
  ]);
  const pageAt = (path: string) => pages.find((p) => p.path === path) ?? (path === '/' ? homePage : undefined);
  // The first page's code and texts start loading now, before React renders anything.
  void preload(pageAt(router.state.location.pathname)).catch(() => undefined);

  installNavigator(
    createNavigator({
      pages,
      go: async (url, mode) => {
        // The next page's texts are in before it shows (its code loads meanwhile).
        await preload(pageAt(url.split('?')[0] ?? '')).catch(() => undefined);
        await router.navigate(url, { replace: mode !== 'push' });
        if (mode === 'relaunch') resetStack();
      },
      back: async (delta) => {
        await router.navigate(-delta);
      },
      current: () => {
        const { pathname, search } = router.state.location;
        return pathname + search;
      },
      depth: stackDepth,
      isLoggedIn: () => isLoggedIn(),
      carried: () => useSession.getState().carried,
    }),
  );

  // Capture carried query parameters of every url the app lands on or navigates to.
  const capture = () => {
    const { search } = router.state.location;
    if (search) useSession.getState().captureQuery(Object.fromEntries(new URLSearchParams(search)));
  };
  capture();
  router.subscribe(capture);

  // A page view is reported once per page shown (in the background, never holding the page up).
  let viewed = '';
  const view = () => {
    const { key } = router.state.location;
    if (key === viewed || router.state.navigation.state !== 'idle') return;
    viewed = key;
    reportView(router.state.location.pathname);
  };
  view();
  router.subscribe(view);
  checkForUpdateSoon();
  return router;
}
