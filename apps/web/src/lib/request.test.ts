// @vitest-environment jsdom
import { Code } from '@simshop/contract/codes';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../locales/en.json';
import { Dialog, Toast } from './feedback.ts';
import { initI18n } from './i18n.ts';
import { createNavigator, type GoMode, installNavigator } from './nav.ts';
import { ApiError, get, post, REQUEST_TIMEOUT_MS, request, stripEmpty } from './request.ts';
import { useSession } from './session.ts';

const visits: { url: string; mode: GoMode }[] = [];

beforeAll(async () => {
  await initI18n('en');
  // Toast and Dialog load on the first message; loaded here, so each test's wait is for the message alone.
  await import('./feedback-antd.ts');
  installNavigator(
    createNavigator({
      pages: [
        { path: '/pages/index/index', tab: 0 },
        { path: '/pages/customer/index', tab: 2 },
        { path: '/pages/login/index' },
        { path: '/pages/iot/login/index' },
        { path: '/pages/index/agent/index' },
      ],
      go: async (url, mode) => {
        visits.push({ url, mode });
      },
      back: async () => undefined,
      current: () => '/pages/index/index',
      depth: () => 0,
      isLoggedIn: () => false,
      carried: () => ({}),
    }),
  );
}, 60_000);

let fetchMock: ReturnType<typeof vi.fn>;
// Closing toasts and dialogs animate out; on a busy machine that takes longer than a frame or two.
beforeEach(async () => {
  visits.length = 0;
  Toast.clear();
  Dialog.clear();
  await vi.waitFor(() => expect(document.body.textContent).toBe(''), { timeout: 8_000 });
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});
// Let the last toast or dialog unmount before the DOM goes away, so React has no work left over.
afterAll(async () => {
  Toast.clear();
  Dialog.clear();
  await vi.waitFor(() => expect(document.body.textContent).toBe(''), { timeout: 8_000 });
  await new Promise((resolve) => setTimeout(resolve, 300));
});

function reply(body: unknown, status = 200) {
  fetchMock.mockResolvedValueOnce(new Response(typeof body === 'string' ? body : JSON.stringify(body), { status }));
}

/** Text shown in toasts and dialogs. */
async function shown(text: string) {
  await vi.waitFor(() => expect(document.body.textContent).toContain(text), { timeout: 2000 });
}

async function refused(p: Promise<unknown>): Promise<ApiError> {
  try {
    await p;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error('expected the call to be refused');
}

describe('stripEmpty (spec §5)', () => {
  it('removes empty strings, null, undefined, empty objects and arrays, recursively', () => {
    expect(stripEmpty({ a: '', b: null, c: undefined, d: {}, e: [], f: 0, g: false, h: { i: '', j: 'x' }, k: ['', 'y', {}] })).toEqual({
      f: 0,
      g: false,
      h: { j: 'x' },
      k: ['y'],
    });
  });
});

describe('what is sent', () => {
  it('puts GET data in the query string and sends the §7 headers', async () => {
    useSession.setState({ sessionId: 'a'.repeat(32), orderSessionId: 'b'.repeat(32), simNo: '1440000000001', token: 'tok' });
    reply({ code: 0, message: 'ok', data: { x: 1 } });
    await expect(get('/api/shop/numberList', { page: 2, keyword: '', province: null })).resolves.toEqual({ x: 1 });
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/shop/numberList?page=2');
    expect(init.method).toBe('GET');
    expect(init.body).toBeUndefined();
    const headers = init.headers as Record<string, string>;
    expect(headers['x-session-id']).toBe('a'.repeat(32));
    expect(headers['x-order-session-id']).toBe('b'.repeat(32));
    expect(headers['x-sim-no']).toBe('1440000000001');
    expect(headers['x-sim-token']).toBe('tok');
    expect(headers['x-platform']).toBe('h5');
    expect(headers['x-platform-source']).toBe('1');
    for (const name of ['x-hostname', 'x-device-info', 'x-app', 'x-platform-open-id', 'x-app-show-options', 'x-page-url'])
      expect(headers).toHaveProperty(name);
  });

  it('names the page the address shows, and the home page while there is no hash route yet (§7 page URL)', async () => {
    for (const [hash, page] of [
      ['#/pages/order/index?promoCode=x', '/pages/order/index?promoCode=x'],
      ['', '/pages/index/index'],
      ['#/', '/pages/index/index'],
      ['#/?promoCode=x', '/pages/index/index?promoCode=x'],
    ]) {
      history.replaceState(null, '', `${location.pathname}${hash}`);
      reply({ code: 0, message: 'ok', data: null });
      await get('/api/shop/numberList');
      const [, init] = fetchMock.mock.calls.at(-1) as [string, RequestInit];
      expect((init.headers as Record<string, string>)['x-page-url'], hash).toBe(page);
    }
  });

  it('sends JSON for other methods with empty values removed', async () => {
    reply({ code: 0, message: 'ok', data: null });
    await post('/api/hk/sendCode', { mobile: '13800138000', extra: '', list: [] }, { idempotencyKey: 'k1' });
    const [, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ mobile: '13800138000' });
    expect((init.headers as Record<string, string>)['content-type']).toBe('application/json');
    expect((init.headers as Record<string, string>)['idempotency-key']).toBe('k1');
  });

  it('sends the save-lower-agent-custom-price payload unchanged', async () => {
    reply({ code: 0, message: 'ok', data: null });
    await post('/api/agent/saveLowerAgentCustomPrice', { price: '', items: [] });
    expect(JSON.parse(String((fetchMock.mock.calls[0] as [string, RequestInit])[1].body))).toEqual({ price: '', items: [] });
  });

  it('gives up after the 180000 ms timeout with the transport message', async () => {
    // Only the request's own timer is faked. jsdom draws animation frames on a setInterval: a frame
    // asked for while that was faked would be lost when the real timers come back, and with it every
    // later frame, so the next dialog could never finish closing.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fetchMock.mockImplementationOnce(
      (_url: string, init: RequestInit) =>
        new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))),
    );
    // No toast: one started under fake timers would leave antd-mobile's animation loop waiting on a
    // frame that never comes, and later tests would see no toast at all. The transport toast is
    // checked under "HTTP statuses".
    const call = refused(request({ url: '/api/slow', hideErrorToast: true }));
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS);
    const error = await call;
    expect(error.message).toBe(en.request.transportError);
  });
});

describe('envelope codes (spec §8)', () => {
  it('returns data for code 0 and complains when data is missing', async () => {
    reply({ code: 0, message: 'ok', data: [1] });
    await expect(get('/api/x')).resolves.toEqual([1]);
    reply({ code: 0, message: 'ok' });
    expect((await refused(get('/api/x'))).message).toBe(en.request.dataAbnormal);
    await shown(en.request.dataAbnormal);
  });

  it.each([Code.PAY_PASSWORD_REQUIRED, Code.REALNAME_REQUIRED])('passes %i to the caller silently', async (code) => {
    reply({ code, message: 'need it', data: null });
    const error = await refused(post('/api/iot/buyPackage', {}));
    expect(error.code).toBe(code);
    await new Promise((r) => setTimeout(r, 50));
    expect(document.body.textContent).not.toContain('need it');
  });

  it('toasts the message of -1, or operation failed', async () => {
    reply({ code: -1, message: 'Mobile number: must be 11 digits', data: null });
    await refused(post('/api/x', {}));
    await shown('Mobile number: must be 11 digits');
    reply({ code: -1, message: '', data: null });
    await refused(post('/api/x', {}));
    await shown(en.request.operationFailed);
  });

  it('61: toasts the timeout, logs out and goes to the login page with the way back', async () => {
    useSession.setState({ userInfo: { nickname: '', avatar: '', mobile: '13800138000' } });
    window.location.hash = '#/pages/order/index?x=1';
    reply({ code: Code.LOGIN_TIMEOUT, message: 'login needed', data: null });
    await refused(get('/api/hk/orderList'));
    await shown(en.request.loginTimeout);
    expect(useSession.getState().userInfo.mobile).toBe('');
    await vi.waitFor(() =>
      expect(visits).toContainEqual({
        url: `/pages/login/index?redirect=${encodeURIComponent('/pages/order/index?x=1')}`,
        mode: 'relaunch',
      }),
    );
  });

  it('61 and 34061 end the session even for a caller that keeps other codes quiet', async () => {
    useSession.setState({ userInfo: { nickname: '', avatar: '', mobile: '13800138000' }, simNo: '1440000000001', token: 't' });
    reply({ code: Code.LOGIN_TIMEOUT, message: 'login needed', data: null });
    await refused(get('/api/shop/numberWatch/unseen', undefined, { quietCodes: [Code.LOGIN_TIMEOUT] }));
    await shown(en.request.loginTimeout);
    expect(useSession.getState().userInfo.mobile).toBe('');
    await vi.waitFor(() => expect(visits.map((v) => v.url.split('?')[0])).toContain('/pages/login/index'));
    reply({ code: Code.SIM_LOGIN_TIMEOUT, message: 'expired', data: null });
    await refused(get('/api/iot/simInfo', undefined, { quietCodes: [Code.SIM_LOGIN_TIMEOUT], hideErrorToast: true }));
    expect(useSession.getState().token).toBe('');
    await vi.waitFor(() => expect(visits).toContainEqual({ url: '/pages/iot/login/index', mode: 'relaunch' }));
  });

  it('34061: toasts the timeout, clears the SIM session and goes to the SIM login page', async () => {
    useSession.setState({ simNo: '1440000000001', token: 't' });
    reply({ code: Code.SIM_LOGIN_TIMEOUT, message: 'expired', data: null });
    await refused(get('/api/iot/simInfo'));
    await shown(en.request.loginTimeout);
    expect(useSession.getState().token).toBe('');
    await vi.waitFor(() => expect(visits).toContainEqual({ url: '/pages/iot/login/index', mode: 'relaunch' }));
  });

  it.each([
    [Code.SOLD_OUT, en.request.soldOut, en.request.backToShop, '/pages/index/index?indexFirstGroup=2'],
    [Code.NUMBER_RESERVED, en.request.numberReserved, en.request.backToShop, '/pages/index/index?indexFirstGroup=1'],
  ])('%i: dialog with contact service and back to shop', async (code, text, button, target) => {
    reply({ code, message: 'x', data: null });
    await refused(post('/api/x', {}));
    await shown(text);
    await shown(en.request.contactService);
    const back = [...document.querySelectorAll('button')].find((b) => b.textContent === button);
    expect(back).toBeDefined();
    back?.click();
    await vi.waitFor(() => expect(visits).toContainEqual({ url: target, mode: 'relaunch' }));
  });

  it('30003: dialog with contact service and OK', async () => {
    reply({ code: Code.ORDER_FAILED, message: 'x', data: null });
    await refused(post('/api/x', {}));
    await shown(en.request.orderFailed);
    const service = [...document.querySelectorAll('button')].find((b) => b.textContent === en.request.contactService);
    service?.click();
    await vi.waitFor(() => expect(visits).toContainEqual({ url: '/pages/customer/index', mode: 'relaunch' }));
  });

  it('40001: toast module not open', async () => {
    reply({ code: Code.MODULE_CLOSED, message: 'x', data: null });
    await refused(get('/api/x'));
    await shown(en.request.moduleClosed);
  });

  it('33001: dialog with got it and back to my downstream', async () => {
    reply({ code: Code.AGENT_NOT_DIRECT, message: 'x', data: null });
    await refused(get('/api/x'));
    await shown(en.request.agentNotDirect);
    await shown(en.request.gotIt);
    [...document.querySelectorAll('button')].find((b) => b.textContent === en.request.backToDownstream)?.click();
    await vi.waitFor(() => expect(visits).toContainEqual({ url: '/pages/index/agent/index', mode: 'relaunch' }));
  });

  it('other codes toast the message, or other error', async () => {
    reply({ code: 12345, message: 'something specific', data: null });
    await refused(get('/api/x'));
    await shown('something specific');
    reply({ code: 12345, message: '', data: null });
    await refused(get('/api/x'));
    await shown(en.request.otherError);
  });
});

describe('HTTP statuses', () => {
  it('401 is refused silently', async () => {
    reply({ code: -1, message: 'who are you', data: null }, 401);
    const error = await refused(get('/api/x'));
    expect(error.status).toBe(401);
    await new Promise((r) => setTimeout(r, 50));
    expect(document.body.textContent).not.toContain('who are you');
  });

  it('500 toasts change network or retry later', async () => {
    reply({ code: -1, message: 'internal error', data: null }, 500);
    await refused(get('/api/x'));
    await shown(en.request.serverError);
  });

  it('429 says in the app language to wait and try again, never the raw reply', async () => {
    reply({ statusCode: 429, error: 'Too Many Requests', message: 'Rate limit exceeded, retry in 1 minute' }, 429);
    await refused(get('/api/x'));
    await shown('Too many requests right now. Please wait a moment and try again.');
    expect(document.body.textContent).not.toContain('Rate limit exceeded');
  });

  it('other statuses toast the message or request error, unless hideErrorToast', async () => {
    reply('not json', 404);
    await refused(get('/api/x'));
    await shown(en.request.requestError);
    reply({ code: -1, message: 'hidden one', data: null }, 404);
    await refused(request({ url: '/api/x', hideErrorToast: true }));
    await new Promise((r) => setTimeout(r, 50));
    expect(document.body.textContent).not.toContain('hidden one');
  });

  it('a transport failure toasts try another network', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const error = await refused(get('/api/x'));
    expect(error.status).toBe(0);
    await shown(en.request.transportError);
  });
});

describe('refusals about a field', () => {
  it('carry the field named by the x-error-field header, whatever the language of the message', async () => {
    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify({ code: -1, message: '卡密码：密码错误', data: null }), {
        status: 200,
        headers: { 'x-error-field': 'cardPassword' },
      }),
    );
    const error = await refused(post('/api/simLogin', { sn: '1' }));
    expect(error.field).toBe('cardPassword');
    expect(error.message).toBe('卡密码：密码错误');
  });
});

describe('codes the caller shows itself', () => {
  it('skip the §8 toast for the quiet codes only, and still refuse with the code and message', async () => {
    reply({ code: -1, message: 'Pay password: wrong pay password, 4 tries left', data: null });
    const error = await refused(post('/api/iot/buyPackage', { packageId: 1 }, { quietCodes: [-1] }));
    expect(error.code).toBe(-1);
    expect(error.message).toBe('Pay password: wrong pay password, 4 tries left');
    await new Promise((r) => setTimeout(r, 50));
    expect(document.body.textContent).toBe('');
    reply({ code: -1, message: 'Balance: not enough', data: null });
    await refused(post('/api/iot/buyPackage', { packageId: 1 }, { quietCodes: [41001] }));
    await shown('Balance: not enough');
  });
});
