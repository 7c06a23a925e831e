import 'antd-mobile/es/global';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, StrictMode, useEffect } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { LocaleProvider } from '../app/locale-provider.tsx';
import { AppRouter, currentRoute, setupNavigation } from '../app/router.tsx';
import { prefetchBaseConfig } from '../features/site/api/base-config.ts';
import { Dialog, Toast } from '../lib/feedback-antd.ts';
import { type Language, setupI18n } from '../lib/i18n.ts';
import { HOME } from '../lib/nav.ts';
import type { CarriedParams } from '../lib/query.ts';
import { type SessionState, useSession } from '../lib/session.ts';
import { BUYER_MOBILE, SIM_NO, SIM_TOKEN } from './fake-data.ts';
import { createFakeServer, type FakeServer } from './fake-server.ts';

/**
 * Renders the app as it ships (app/main.tsx: React 19 in StrictMode, a QueryClient with the app's
 * defaults, antd-mobile's locale, the hash router with its pages, guards and navigation) into jsdom,
 * at an address, in a language, for a visitor with or without a shop login and a SIM session. Only
 * the server is replaced, by the fake of test-support/fake-server.ts.
 */

export interface AppOptions {
  language?: Language;
  /** Logged in to the shop as the demo buyer. */
  buyer?: boolean;
  /** Logged in to the SIM self-service as the demo card. */
  sim?: boolean;
  /** Query parameters the visitor carries already (captured on an earlier visit). */
  carried?: CarriedParams;
  server?: FakeServer;
  /**
   * React's StrictMode as app/main.tsx has it (default). In development it renders and runs effects
   * twice to find impure code; the production build that ships does neither.
   */
  strict?: boolean;
}

export interface RenderedApp {
  container: HTMLElement;
  server: FakeServer;
  queryClient: QueryClient;
  /** Path and query of the page the address shows, e.g. `/pages/login/index?redirect=...`. */
  location(): string;
  /** Whether the app's first render has run its effects (navigation is wired to the router). */
  started(): boolean;
  /** The element of the page shown (PageShell's frame), or null while none. */
  page(): HTMLElement | null;
  /** Text of the navigation bar's title, or '' when the page draws its own header. */
  navTitle(): string;
  /** Errors React, the app or jsdom logged while the app ran (console.error and console.warn). */
  readonly consoleErrors: string[];
  unmount(): void;
}

const pristine = useSession.getState();

/** The delegating fetch: the current test's fake server answers (also calls made by timers after a test). */
let currentServer: FakeServer | null = null;
let fetchInstalled = false;

function installFetch(): void {
  if (fetchInstalled) return;
  fetchInstalled = true;
  const fakeFetch: typeof fetch = (input, init) => (currentServer ?? createFakeServer()).fetch(input, init);
  globalThis.fetch = fakeFetch;
  window.fetch = fakeFetch;
}

let consoleErrors: string[] = [];
let consoleInstalled = false;

function installConsole(): void {
  if (consoleInstalled) return;
  consoleInstalled = true;
  const keep =
    (original: (...args: unknown[]) => void) =>
    (...args: unknown[]) => {
      consoleErrors.push(args.map((a) => (a instanceof Error ? `${a.name}: ${a.message}` : String(a))).join(' '));
      original(...args);
    };
  console.error = keep(console.error.bind(console));
  console.warn = keep(console.warn.bind(console));
}

/**
 * What jsdom does not do and the browser does: scrolling is a no-op there, and stylesheets imported
 * by modules are not applied (the test runner drops them). antd-mobile checks that its global sheet
 * is in by the position of its px tester: that rule of the sheet is put in.
 */
function fillJsdomGaps(): void {
  if (!document.getElementById('antd-global')) {
    const style = document.createElement('style');
    style.id = 'antd-global';
    style.textContent = 'div.adm-px-tester { position: fixed; }';
    document.head.append(style);
  }
  window.scrollTo = () => undefined;
  Element.prototype.scrollIntoView ??= () => undefined;
  Element.prototype.scrollTo ??= () => undefined;
}

/** Puts the session store and the browser's storage in the state of a visitor. */
function resetVisitor(options: AppOptions): void {
  localStorage.clear();
  sessionStorage.clear();
  if (options.language) localStorage.setItem('simshop-language', options.language);
  const state: SessionState = {
    ...pristine,
    baseConfig: null,
    carried: options.carried ?? {},
    userInfo: options.buyer ? { nickname: '', avatar: '', mobile: BUYER_MOBILE } : { nickname: '', avatar: '', mobile: '' },
    simNo: options.sim ? SIM_NO : '',
    token: options.sim ? SIM_TOKEN : '',
    loginSns: options.sim ? [SIM_NO] : [],
    iotIndexPopupPrevent: false,
    iotSimAddressId: 0,
    selectAddressBackPath: '',
  };
  useSession.setState(state, true);
}

let mounted: RenderedApp | null = null;

/**
 * Marks the app started once the effects of its first commit have run (a parent's effects run after
 * its children's): the router has handed its navigate function to lib/nav.ts by then.
 */
function Started({ onStarted, children }: { onStarted: () => void; children: ReactNode }) {
  useEffect(() => {
    onStarted();
  }, [onStarted]);
  return children;
}

/** Opens the app at `route` (e.g. `/pages/order/index?status=paid`), as app/main.tsx starts it. */
export function renderApp(route: string, options: AppOptions = {}): RenderedApp {
  mounted?.unmount();
  installFetch();
  installConsole();
  fillJsdomGaps();
  consoleErrors = [];
  const server = options.server ?? createFakeServer();
  currentServer = server;
  resetVisitor(options);
  // A new tab at the address: no page below it (react-router numbers its entries from here).
  window.history.replaceState(null, '', `/shop/#${route}`);
  document.title = '';

  setupI18n();
  const { pathname } = setupNavigation();
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 30_000 } },
  });
  prefetchBaseConfig(queryClient, pathname === HOME || pathname === '/');

  const container = document.createElement('div');
  container.id = 'root';
  document.body.append(container);
  const root: Root = createRoot(container);
  let started = false;
  const markStarted = () => {
    started = true;
  };
  const tree = (
    <QueryClientProvider client={queryClient}>
      <LocaleProvider>
        <Started onStarted={markStarted}>
          <AppRouter />
        </Started>
      </LocaleProvider>
    </QueryClientProvider>
  );
  root.render(options.strict === false ? tree : <StrictMode>{tree}</StrictMode>);

  const app: RenderedApp = {
    container,
    server,
    queryClient,
    location: () => {
      const { pathname, search } = currentRoute();
      return pathname + search;
    },
    started: () => started,
    page: () => container.querySelector<HTMLElement>('[data-page]'),
    navTitle: () => container.querySelector('.nav-bar-title')?.textContent ?? '',
    get consoleErrors() {
      return consoleErrors;
    },
    unmount: () => {
      root.unmount();
      container.remove();
      queryClient.clear();
      // Toasts and dialogs live outside the app's root: closed (antd-mobile forgets them), then their
      // containers removed; antd-mobile's px testers stay.
      Toast.clear();
      Dialog.clear();
      for (const el of [...document.body.children]) if (!el.classList.contains('adm-px-tester')) el.remove();
      if (mounted === app) mounted = null;
    },
  };
  mounted = app;
  return app;
}

/** Resolves once `check` returns a truthy value (polled), or rejects with `message` after `timeoutMs`. */
export async function waitFor<T>(check: () => T, message: string | (() => string), timeoutMs = 5000): Promise<NonNullable<T>> {
  const start = Date.now();
  for (;;) {
    let value: T | undefined;
    try {
      value = check();
    } catch {
      value = undefined;
    }
    if (value) return value as NonNullable<T>;
    if (Date.now() - start > timeoutMs) throw new Error(typeof message === 'string' ? message : message());
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/**
 * What is still loading on screen: a skeleton, a spinner or a busy region of a page, or a page whose
 * code is still loading (PageShell's fallback: an empty box for the first 200 ms, a spinner after).
 */
function loadingOnScreen(container: HTMLElement): Element | null {
  for (const name of ['adm-skeleton', 'adm-dot-loading', 'adm-spin-loading']) {
    const el = container.getElementsByClassName(name)[0];
    if (el) return el;
  }
  const main = container.getElementsByTagName('main')[0];
  const fallback = main?.firstElementChild;
  if (fallback?.className === 'center-view' && !fallback.firstChild) return fallback;
  return container.querySelector('[aria-busy="true"], [data-testid="sim-loading"]');
}

/**
 * Waits until the app has settled: nothing loading on screen and no call in flight, twice in a row.
 * Returns what was still loading when `timeoutMs` ran out ('' when it settled).
 */
export async function settle(app: RenderedApp, timeoutMs = 5000): Promise<string> {
  const start = Date.now();
  let quiet = 0;
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 8));
    const loading = loadingOnScreen(app.container);
    quiet = !loading && app.server.inFlight() === 0 ? quiet + 1 : 0;
    if (quiet >= 2) return '';
    if (Date.now() - start > timeoutMs) return loading ? `still loading: ${loading.outerHTML.slice(0, 200)}` : 'calls still in flight';
  }
}

/** Waits until the address shows `path` (its query aside) and that page is on screen. */
export function waitForPage(app: RenderedApp, path: string, timeoutMs = 10_000): Promise<HTMLElement> {
  return waitFor(
    () =>
      app.started() && app.location().split('?')[0] === path ? app.container.querySelector<HTMLElement>(`[data-page="${path}"]`) : null,
    () => `expected page ${path}, the address shows ${app.location()}`,
    timeoutMs,
  );
}
