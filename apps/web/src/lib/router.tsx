/**
 * The app's hash router (decision 0031): pages by exact path under `#`, the browser history as
 * the page stack. What the app used of react-router, with the same names and behaviour: a router
 * made of `{ path, element }` routes (`*` for any other path), `RouterProvider`, `Navigate`,
 * `useLocation`, `useSearchParams` and `useNavigationType`. Each history entry keeps its place in
 * the stack (`history.state.idx`) and a key, as react-router kept them (app/history.ts reads idx).
 */
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useSyncExternalStore } from 'react';

export interface Location {
  pathname: string;
  search: string;
  hash: string;
  key: string;
}

export type NavigationType = 'POP' | 'PUSH' | 'REPLACE';

export interface RouterState {
  location: Location;
  historyAction: NavigationType;
  /** Always idle: pages load inside the page (Suspense), not before the navigation. */
  navigation: { state: 'idle' };
}

export interface Route {
  path: string;
  element: ReactNode;
}

export interface Router {
  readonly state: RouterState;
  routes: Route[];
  /** A path with its query (`/pages/x?a=1`), or a number of entries to go back (negative) or forward. */
  navigate(to: string | number, options?: { replace?: boolean }): Promise<void>;
  subscribe(listener: (state: RouterState) => void): () => void;
}

interface EntryState {
  usr: unknown;
  key: string;
  idx: number;
}

const newKey = () => Math.random().toString(36).slice(2, 10);

function parse(path: string, key: string): Location {
  const hashAt = path.indexOf('#');
  const withoutHash = hashAt >= 0 ? path.slice(0, hashAt) : path;
  const queryAt = withoutHash.indexOf('?');
  const pathname = (queryAt >= 0 ? withoutHash.slice(0, queryAt) : withoutHash) || '/';
  return {
    pathname: pathname.startsWith('/') ? pathname : `/${pathname}`,
    search: queryAt >= 0 && queryAt < withoutHash.length - 1 ? withoutHash.slice(queryAt) : '',
    hash: hashAt >= 0 ? path.slice(hashAt) : '',
    key,
  };
}

function entry(): EntryState | null {
  const s = window.history.state as Partial<EntryState> | null;
  return s && typeof s.idx === 'number' && typeof s.key === 'string' ? (s as EntryState) : null;
}

export function createHashRouter(routes: Route[]): Router {
  if (!entry()) window.history.replaceState({ usr: null, key: 'default', idx: 0 } satisfies EntryState, '');
  const current = () => parse(window.location.hash.replace(/^#/, ''), entry()?.key ?? 'default');
  let state: RouterState = { location: current(), historyAction: 'POP', navigation: { state: 'idle' } };
  const listeners = new Set<(s: RouterState) => void>();
  let popped: (() => void)[] = [];

  const update = (historyAction: NavigationType) => {
    state = { location: current(), historyAction, navigation: { state: 'idle' } };
    for (const l of [...listeners]) l(state);
  };

  window.addEventListener('popstate', () => {
    update('POP');
    const waiting = popped;
    popped = [];
    for (const done of waiting) done();
  });

  return {
    get state() {
      return state;
    },
    routes,
    navigate: async (to, options) => {
      if (typeof to === 'number') {
        if (to === 0) return;
        await new Promise<void>((resolve) => {
          popped.push(resolve);
          window.history.go(to);
          // A history without the entry asked for never fires popstate.
          setTimeout(resolve, 1000);
        });
        return;
      }
      const idx = entry()?.idx ?? 0;
      const url = `#${to.startsWith('/') ? to : `/${to}`}`;
      if (options?.replace) {
        window.history.replaceState({ usr: null, key: newKey(), idx } satisfies EntryState, '', url);
        update('REPLACE');
      } else {
        window.history.pushState({ usr: null, key: newKey(), idx: idx + 1 } satisfies EntryState, '', url);
        update('PUSH');
      }
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

const RouterContext = createContext<Router | null>(null);

function useRouter(): Router {
  const router = useContext(RouterContext);
  if (!router) throw new Error('outside the RouterProvider');
  return router;
}

function useRouterState(): RouterState {
  const router = useRouter();
  return useSyncExternalStore(
    router.subscribe,
    () => router.state,
    () => router.state,
  );
}

/** Shows the route of the current path (the `*` route for any other). */
export function RouterProvider({ router }: { router: Router }) {
  const state = useSyncExternalStore(
    router.subscribe,
    () => router.state,
    () => router.state,
  );
  const { pathname } = state.location;
  const route = router.routes.find((r) => r.path === pathname) ?? router.routes.find((r) => r.path === '*');
  return (
    <RouterContext.Provider value={router}>
      <Routed key={route?.path ?? ''}>{route?.element ?? null}</Routed>
    </RouterContext.Provider>
  );
}

function Routed({ children }: { children: ReactNode }) {
  return <>{children}</>;
}

export function useLocation(): Location {
  return useRouterState().location;
}

export function useNavigationType(): NavigationType {
  return useRouterState().historyAction;
}

type SearchInit = URLSearchParams | string | Record<string, string>;

/** The query of the current location, and a setter that navigates to the same page with another. */
export function useSearchParams(): [URLSearchParams, (next: SearchInit, options?: { replace?: boolean }) => void] {
  const router = useRouter();
  const { pathname, search } = useLocation();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const set = useCallback(
    (next: SearchInit, options?: { replace?: boolean }) => {
      const query = new URLSearchParams(next).toString();
      void router.navigate(query ? `${pathname}?${query}` : pathname, options);
    },
    [router, pathname],
  );
  return [params, set];
}

/** Navigates to `to` once rendered. */
export function Navigate({ to, replace }: { to: string; replace?: boolean }) {
  const router = useRouter();
  useEffect(() => {
    void router.navigate(to, { replace });
  }, [router, to, replace]);
  return null;
}
