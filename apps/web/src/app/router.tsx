import { lazy, type ReactNode } from 'react';
import { createHashRouter, Navigate, useLocation } from 'react-router';
import { createNavigator, HOME, installNavigator, LOGIN } from '../lib/nav.ts';
import { isLoggedIn, useSession } from '../lib/session.ts';
import { resetStack, stackDepth } from './history.ts';
import { NotFound } from './not-found.tsx';
import { PageShell } from './page-shell.tsx';
import { type PageDef, pages } from './pages.ts';

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
      <Guard page={page}>
        <PageShell page={page}>
          <Page />
        </PageShell>
      </Guard>
    ),
  };
}

export function createAppRouter() {
  const homePage = pages.find((p) => p.path === HOME);
  const router = createHashRouter([
    ...pages.map(routeOf),
    ...(homePage ? [{ ...routeOf(homePage), path: '/' }] : []),
    { path: '*', element: <NotFound /> },
  ]);

  installNavigator(
    createNavigator({
      pages,
      go: async (url, mode) => {
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
  return router;
}
