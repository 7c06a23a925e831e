import { type CarriedParams, withCarried } from './query.ts';

/** What navigation needs to know of a page (the full table is app/pages.ts). */
export interface NavPage {
  path: string;
  /** Tab bar index 0-3 for the four tab pages. */
  tab?: number;
  needLogin?: boolean;
}

/** push: a new page on the stack; replace: swap the current one; relaunch: a new stack. */
export type GoMode = 'push' | 'replace' | 'relaunch';

export type NavApi = 'navigateTo' | 'redirectTo' | 'reLaunch' | 'switchTab' | 'navigateBack';

export class NavError extends Error {
  constructor(
    readonly api: NavApi,
    readonly detail: string,
  ) {
    super(`${api}:fail ${detail}`);
    this.name = 'NavError';
  }
}

export interface NavDeps {
  pages: readonly NavPage[];
  /** Performs the history change; resolves when the new page is shown. */
  go(url: string, mode: GoMode): Promise<void>;
  back(delta: number): Promise<void>;
  /** Path and search of the current page, e.g. `/pages/index/index?promoCode=x`. */
  current(): string;
  /** How many pages are below the current one in this tab's stack. */
  depth(): number;
  isLoggedIn(): boolean;
  carried(): CarriedParams;
  /** Where back leads with nothing below the current page (a reload, a deep link): its app's home. */
  homeOf?(path: string): string;
}

export const HOME = '/pages/index/index';
export const LOGIN = '/pages/login/index';
export const SIM_LOGIN = '/pages/iot/login/index';
export const SIM_HOME = '/pages/iot/index/index';

/** Page aliases: `/` is the home page. */
const ALIASES: Record<string, string> = { '/': HOME, '': HOME };

/** Resolves a possibly relative url against the current page path; keeps its query. */
export function resolveUrl(url: string, currentPath: string): string {
  const [rawPath = '', ...rest] = url.split('?');
  const query = rest.length ? `?${rest.join('?')}` : '';
  let path = rawPath;
  if (!path.startsWith('/')) {
    const base = new URL(currentPath.split('?')[0] || '/', 'http://x');
    path = new URL(path, base).pathname;
  }
  path = path.replace(/\/+$/, '') || '/';
  return (ALIASES[path] ?? path) + query;
}

export function createNavigator(deps: NavDeps) {
  const byPath = new Map(deps.pages.map((p) => [p.path, p]));
  let locked: string | null = null;

  function pathOf(url: string): string {
    return url.split('?')[0] ?? '';
  }

  function check(api: NavApi, url: string | undefined): { url: string; page: NavPage } {
    if (!url) throw new NavError(api, 'Missing required args: "url"');
    const resolved = resolveUrl(url, deps.current());
    const page = byPath.get(pathOf(resolved));
    if (!page) throw new NavError(api, `page \`${resolved}\` is not found`);
    if ((api === 'navigateTo' || api === 'redirectTo') && page.tab !== undefined) {
      throw new NavError(api, `tabBar page \`${page.path}\` already exists`);
    }
    if (api === 'switchTab' && page.tab === undefined) throw new NavError(api, 'can not switch to no-tabBar page');
    return { url: resolved, page };
  }

  async function run(api: NavApi, url: string, mode: GoMode): Promise<void> {
    if (locked === url) throw new NavError(api, `${url} locked`);
    locked = url;
    try {
      await deps.go(url, mode);
    } finally {
      locked = null;
    }
  }

  /** Tab pages get the carried query parameters; pages needing login go to the login page first. */
  function finalUrl(url: string, page: NavPage): { url: string } {
    if (page.needLogin && !deps.isLoggedIn()) {
      return { url: `${LOGIN}?redirect=${encodeURIComponent(url)}` };
    }
    return { url: page.tab !== undefined ? withCarried(url, deps.carried()) : url };
  }

  return {
    async navigateTo(options: { url?: string }): Promise<void> {
      const { url, page } = check('navigateTo', options.url);
      const target = finalUrl(url, page);
      await run('navigateTo', target.url, 'push');
    },
    async redirectTo(options: { url?: string }): Promise<void> {
      const { url, page } = check('redirectTo', options.url);
      await run('redirectTo', finalUrl(url, page).url, 'replace');
    },
    async reLaunch(options: { url?: string }): Promise<void> {
      const { url, page } = check('reLaunch', options.url);
      await run('reLaunch', finalUrl(url, page).url, 'relaunch');
    },
    async switchTab(options: { url?: string }): Promise<void> {
      const { url } = check('switchTab', options.url);
      await run('switchTab', withCarried(url, deps.carried()), 'relaunch');
    },
    /** Back `delta` pages; with nothing to go back to, the home of the page's app (the shop's home tab, the SIM dashboard). */
    async navigateBack(options: { delta?: number } = {}): Promise<void> {
      const delta = Math.max(1, Math.floor(options.delta ?? 1));
      const depth = deps.depth();
      if (depth > 0) return deps.back(Math.min(delta, depth));
      const home = deps.homeOf?.(pathOf(deps.current())) ?? HOME;
      await run('navigateBack', home === HOME ? withCarried(HOME, deps.carried()) : home, 'relaunch');
    },
    /** Whether a path is a known page (for the not-found view). */
    knows(path: string): boolean {
      return byPath.has(resolveUrl(path, '/').split('?')[0] ?? '');
    },
  };
}

export type Navigator = ReturnType<typeof createNavigator>;

let active: Navigator | null = null;

/** The app installs its navigator once at start-up; features call the functions below. */
export function installNavigator(navigator: Navigator): void {
  active = navigator;
}

function nav(): Navigator {
  if (!active) throw new Error('navigation is not ready');
  return active;
}

/** Whether an internal url is a page of the app (false before the navigator is installed). */
export const knowsPage = (url: string) => active?.knows(url) ?? false;

export const navigateTo = (url: string) => nav().navigateTo({ url });
export const redirectTo = (url: string) => nav().redirectTo({ url });
export const reLaunch = (url: string) => nav().reLaunch({ url });
export const switchTab = (url: string) => nav().switchTab({ url });
export const navigateBack = (delta = 1) => nav().navigateBack({ delta });

/** Opens an internal page whatever its kind: tab pages by switchTab, others by navigateTo. */
export async function openPage(url: string): Promise<void> {
  try {
    await navigateTo(url);
  } catch (error) {
    if (error instanceof NavError && error.detail.startsWith('tabBar page')) return switchTab(url);
    throw error;
  }
}
