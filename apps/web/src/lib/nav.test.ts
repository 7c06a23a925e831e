import { describe, expect, it } from 'vitest';
import { createNavigator, type GoMode, NavError, type NavPage, resolveUrl } from './nav.ts';

const pages: NavPage[] = [
  { path: '/pages/index/index', tab: 0 },
  { path: '/pages/order/index', tab: 1 },
  { path: '/pages/customer/index', tab: 2 },
  { path: '/pages/user/index', tab: 3 },
  { path: '/pages/login/index' },
  { path: '/pages/goods/pretty/index' },
  { path: '/pages/goods/pretty/package' },
  { path: '/pages/secret/index', needLogin: true },
];

function setup(
  options: {
    loggedIn?: boolean;
    carried?: Record<string, string>;
    depth?: number;
    current?: string;
    homeOf?: (path: string) => string;
  } = {},
) {
  const calls: { url: string; mode: GoMode | 'back'; delta?: number }[] = [];
  let current = options.current ?? '/pages/index/index';
  let release: (() => void) | null = null;
  let hold = false;
  const nav = createNavigator({
    pages,
    go: (url, mode) => {
      calls.push({ url, mode });
      current = url;
      if (!hold) return Promise.resolve();
      return new Promise<void>((resolve) => {
        release = resolve;
      });
    },
    back: async (delta) => {
      calls.push({ url: '', mode: 'back', delta });
    },
    current: () => current,
    depth: () => options.depth ?? 0,
    isLoggedIn: () => options.loggedIn ?? false,
    carried: () => options.carried ?? {},
    homeOf: options.homeOf,
  });
  return {
    nav,
    calls,
    holdNavigation: () => {
      hold = true;
    },
    finish: () => release?.(),
  };
}

async function failure(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (error) {
    expect(error).toBeInstanceOf(NavError);
    return (error as Error).message;
  }
  throw new Error('expected the navigation to be refused');
}

describe('resolveUrl', () => {
  it('resolves relative urls against the current page and keeps the query', () => {
    expect(resolveUrl('package?id=1', '/pages/goods/pretty/index')).toBe('/pages/goods/pretty/package?id=1');
    expect(resolveUrl('../../order/index', '/pages/goods/pretty/index?x=1')).toBe('/pages/order/index');
    expect(resolveUrl('./comment', '/pages/goods/pretty/index')).toBe('/pages/goods/pretty/comment');
    expect(resolveUrl('/pages/user/index', '/pages/goods/pretty/index')).toBe('/pages/user/index');
  });
  it('treats / as the home page', () => {
    expect(resolveUrl('/', '/pages/user/index')).toBe('/pages/index/index');
    expect(resolveUrl('/?promoCode=a', '/pages/user/index')).toBe('/pages/index/index?promoCode=a');
  });
});

describe('navigation refusals and their exact messages', () => {
  it('refuses a missing url', async () => {
    const { nav } = setup();
    expect(await failure(nav.navigateTo({}))).toBe('navigateTo:fail Missing required args: "url"');
    expect(await failure(nav.redirectTo({ url: '' }))).toBe('redirectTo:fail Missing required args: "url"');
    expect(await failure(nav.reLaunch({}))).toBe('reLaunch:fail Missing required args: "url"');
    expect(await failure(nav.switchTab({}))).toBe('switchTab:fail Missing required args: "url"');
  });

  it('refuses an unknown page', async () => {
    const { nav, calls } = setup();
    expect(await failure(nav.navigateTo({ url: '/pages/nope/index?a=1' }))).toBe(
      'navigateTo:fail page `/pages/nope/index?a=1` is not found',
    );
    expect(calls).toEqual([]);
  });

  it('refuses navigateTo and redirectTo to a tab page', async () => {
    const { nav } = setup();
    expect(await failure(nav.navigateTo({ url: '/pages/order/index' }))).toBe(
      'navigateTo:fail tabBar page `/pages/order/index` already exists',
    );
    expect(await failure(nav.redirectTo({ url: '/pages/user/index' }))).toBe(
      'redirectTo:fail tabBar page `/pages/user/index` already exists',
    );
  });

  it('refuses switchTab to a page that is not a tab', async () => {
    const { nav } = setup();
    expect(await failure(nav.switchTab({ url: '/pages/login/index' }))).toBe('switchTab:fail can not switch to no-tabBar page');
  });

  it('locks a url while its navigation is in flight', async () => {
    const { nav, holdNavigation, finish, calls } = setup();
    holdNavigation();
    const first = nav.navigateTo({ url: '/pages/goods/pretty/index' });
    expect(await failure(nav.navigateTo({ url: '/pages/goods/pretty/index' }))).toBe('navigateTo:fail /pages/goods/pretty/index locked');
    finish();
    await first;
    expect(calls).toHaveLength(1);
    holdNavigation();
    const again = nav.navigateTo({ url: '/pages/goods/pretty/index' });
    finish();
    await again;
    expect(calls).toHaveLength(2);
  });
});

describe('modes', () => {
  it('pushes for navigateTo, replaces for redirectTo, starts a new stack for reLaunch and switchTab', async () => {
    const { nav, calls } = setup();
    await nav.navigateTo({ url: '/pages/goods/pretty/index' });
    await nav.redirectTo({ url: '/pages/login/index' });
    await nav.reLaunch({ url: '/pages/login/index?x=1' });
    await nav.switchTab({ url: '/pages/user/index' });
    expect(calls.map((c) => c.mode)).toEqual(['push', 'replace', 'relaunch', 'relaunch']);
  });

  it('navigateBack goes back at most the stack depth, or home with nothing below', async () => {
    const deep = setup({ depth: 2 });
    await deep.nav.navigateBack({ delta: 5 });
    expect(deep.calls).toEqual([{ url: '', mode: 'back', delta: 2 }]);
    const top = setup({ depth: 0, carried: { promoCode: 'agent01' } });
    await top.nav.navigateBack();
    expect(top.calls).toEqual([{ url: '/pages/index/index?promoCode=agent01', mode: 'relaunch' }]);
  });

  it("with nothing below, back opens the home of the page's app (the SIM dashboard for a SIM page)", async () => {
    const asked: string[] = [];
    const homeOf = (path: string) => {
      asked.push(path);
      return path.startsWith('/pages/iot/') ? '/pages/iot/index/index' : '/pages/index/index';
    };
    const sim = setup({ depth: 0, current: '/pages/iot/index/bindPhone/index?from=home', carried: { promoCode: 'agent01' }, homeOf });
    await sim.nav.navigateBack();
    expect(sim.calls).toEqual([{ url: '/pages/iot/index/index', mode: 'relaunch' }]);
    const shop = setup({ depth: 0, current: '/pages/goods/index', carried: { promoCode: 'agent01' }, homeOf });
    await shop.nav.navigateBack();
    expect(shop.calls).toEqual([{ url: '/pages/index/index?promoCode=agent01', mode: 'relaunch' }]);
    expect(asked).toEqual(['/pages/iot/index/bindPhone/index', '/pages/goods/index']);
  });
});

describe('query parameters carried across tab routes', () => {
  it('adds the carried parameters that are set to tab urls only', async () => {
    const carried = { promoCode: 'agent01', bd_vid: 'v1', mark: 'undefined', cb: 'null', pageCode: '' };
    const { nav, calls } = setup({ carried });
    await nav.switchTab({ url: '/pages/order/index' });
    await nav.reLaunch({ url: '/pages/index/index?indexFirstGroup=2' });
    await nav.navigateTo({ url: '/pages/goods/pretty/index?no=1' });
    expect(calls.map((c) => c.url)).toEqual([
      '/pages/order/index?promoCode=agent01&bd_vid=v1',
      '/pages/index/index?promoCode=agent01&bd_vid=v1&indexFirstGroup=2',
      '/pages/goods/pretty/index?no=1',
    ]);
  });

  it('keeps a value given in the url itself', async () => {
    const { nav, calls } = setup({ carried: { promoCode: 'agent01' } });
    await nav.switchTab({ url: '/pages/user/index?promoCode=agent02' });
    expect(calls[0]?.url).toBe('/pages/user/index?promoCode=agent02');
  });
});

describe('needLogin guard', () => {
  it('sends to the login page with the encoded original url when logged out', async () => {
    const { nav, calls } = setup({ loggedIn: false });
    await nav.navigateTo({ url: '/pages/secret/index?a=1&b=2' });
    await nav.redirectTo({ url: '/pages/secret/index' });
    await nav.reLaunch({ url: '/pages/secret/index' });
    expect(calls.map((c) => c.url)).toEqual([
      `/pages/login/index?redirect=${encodeURIComponent('/pages/secret/index?a=1&b=2')}`,
      `/pages/login/index?redirect=${encodeURIComponent('/pages/secret/index')}`,
      `/pages/login/index?redirect=${encodeURIComponent('/pages/secret/index')}`,
    ]);
  });

  it('lets a logged-in user through', async () => {
    const { nav, calls } = setup({ loggedIn: true });
    await nav.navigateTo({ url: '/pages/secret/index' });
    expect(calls[0]?.url).toBe('/pages/secret/index');
  });
});
