import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HashRouter, Navigate, type NavigateFunction, type RouteObject, useLocation, useNavigate, useRoutes } from 'react-router';
import { checkForUpdateSoon } from '../features/site/app-update.ts';
import { reportView } from '../features/site/tracking.ts';
import { currentLanguage, hasTexts, type Language, loadTexts, type TextDomain } from '../lib/i18n.ts';
import { createNavigator, HOME, installNavigator, LOGIN, SIM_HOME, SIM_LOGIN } from '../lib/nav.ts';
import { isLoggedIn, isSimLoggedIn, useSession } from '../lib/session.ts';
import { resetStack, stackDepth } from './history.ts';
import { PageShell } from './page-shell.tsx';
import { type PageDef, pages } from './pages.ts';
import { iotPages } from './pages-iot.ts';

const NotFound = lazy(() => import('./not-found.tsx').then((m) => ({ default: m.NotFound })));

const iotPaths = new Set(iotPages.map((p) => p.path));
/** The first screens wait only for the texts they show (lib/i18n.ts); the other pages for the rest of their part too. */
function textDomainsOf(page: PageDef | undefined): TextDomain[] {
  if (!page) return [];
  if (page.path === HOME) return ['home'];
  if (page.path === SIM_LOGIN) return ['sim-start'];
  if (page.path === SIM_HOME) return ['sim-start', 'sim'];
  const own: TextDomain[] = iotPaths.has(page.path) ? ['sim-start', 'sim', 'iot'] : ['home', 'storefront'];
  // A page of one app showing a component of the other (the region picker) waits for that one's texts too.
  return [...own, ...(page.textDomains ?? []).filter((d) => !own.includes(d))];
}

/** Starts loading a page's code and its texts side by side (the core texts only for an unknown route); resolves once the texts are in. */
function preload(page: PageDef | undefined, lng: Language = currentLanguage()): Promise<void> {
  void page?.load().catch(() => undefined);
  return loadTexts(lng, textDomainsOf(page));
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
  const ready = hasTexts(lng, textDomainsOf(page));
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

function routeOf(page: PageDef): RouteObject {
  const Page = lazy(page.load);
  return {
    path: page.path,
    caseSensitive: true,
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

const homePage = pages.find((p) => p.path === HOME);
const pageAt = (path: string) => pages.find((p) => p.path === path) ?? (path === '/' ? homePage : undefined);

const routes: RouteObject[] = [
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
];

/** The path and query of the page the address shows (`#/pages/x?a=1`; `/` when there is no hash route). */
export function currentRoute(): { pathname: string; search: string } {
  const hash = window.location.hash.replace(/^#/, '');
  const queryAt = hash.indexOf('?');
  const pathname = (queryAt >= 0 ? hash.slice(0, queryAt) : hash) || '/';
  return { pathname: pathname.startsWith('/') ? pathname : `/${pathname}`, search: queryAt >= 0 ? hash.slice(queryAt) : '' };
}

/** Keeps the carried query parameters (promo code and the like) of an address the app shows. */
function captureCarried(search: string): void {
  if (search) useSession.getState().captureQuery(Object.fromEntries(new URLSearchParams(search)));
}

/** react-router's navigate, once the router has rendered; before that the address changes by itself. */
let navigate: NavigateFunction | null = null;

/** Waits for the browser to move `delta` entries back (a history without them never moves). */
/**
 * Back from the bottom page of a stack (a reload, a deep link) stays in the page's app: a SIM app page
 * returns to the SIM dashboard (the SIM login without a SIM session); the dashboard, the SIM login
 * and the shop's pages to the shop's home tab.
 */
function simAppHome(path: string): string {
  if (!iotPaths.has(path) || path === SIM_LOGIN || path === SIM_HOME) return HOME;
  return isSimLoggedIn(useSession.getState()) ? SIM_HOME : SIM_LOGIN;
}

function historyBack(delta: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      window.removeEventListener('popstate', done);
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(done, 1000);
    window.addEventListener('popstate', done);
    window.history.go(-delta);
  });
}

/** Sets up the app's navigation (spec uni-app rules, lib/nav.ts) and starts loading the first page. */
export function setupNavigation(): { pathname: string } {
  const first = currentRoute();
  // Carried parameters are kept before any page renders with the address that brought them (a
  // request the page sends on that render carries them): the first address now, one the browser
  // moves to by this listener (added before the router's own), one the app moves to in `go`.
  captureCarried(first.search);
  window.addEventListener('popstate', () => captureCarried(currentRoute().search));
  // The first page's code and texts start loading now, before React renders anything.
  void preload(pageAt(first.pathname)).catch(() => undefined);
  installNavigator(
    createNavigator({
      pages,
      go: async (url, mode) => {
        // The next page's texts are in before it shows (its code loads meanwhile).
        await preload(pageAt(url.split('?')[0] ?? '')).catch(() => undefined);
        const to = url.startsWith('/') ? url : `/${url}`;
        captureCarried(to.includes('?') ? to.slice(to.indexOf('?')) : '');
        if (navigate) navigate(to, { replace: mode !== 'push' });
        else if (mode === 'push') window.location.hash = to;
        else window.location.replace(`#${to}`);
        if (mode === 'relaunch') resetStack();
      },
      back: (delta) => (delta > 0 ? historyBack(delta) : Promise.resolve()),
      current: () => {
        const { pathname, search } = currentRoute();
        return pathname + search;
      },
      depth: stackDepth,
      isLoggedIn: () => isLoggedIn(),
      carried: () => useSession.getState().carried,
      homeOf: simAppHome,
    }),
  );
  checkForUpdateSoon();
  return first;
}

/**
 * The page of the address, and one view reported per page shown (in the background, never holding
 * the page up); an address reached another way (a `<Navigate>`) has its carried parameters kept here.
 */
function Pages() {
  const location = useLocation();
  const go = useNavigate();
  useEffect(() => {
    navigate = go;
  }, [go]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per page shown (a history entry's key)
  useEffect(() => {
    captureCarried(location.search);
    reportView(location.pathname);
  }, [location.key]);
  return useRoutes(routes);
}

export function AppRouter() {
  return (
    <HashRouter>
      <Pages />
    </HashRouter>
  );
}
