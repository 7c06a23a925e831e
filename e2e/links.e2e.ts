import { type APIRequestContext, expect, test } from '@playwright/test';
import { pageTable } from './support/routes.ts';

/**
 * Every link of the demo data (storefront banners, navigation and tabs; SIM layout menus,
 * carousels, tab bar and service links; break popups) leads to a page of the page table or to
 * something this server serves, and every image it names is served.
 */

const PROMOTERS = ['demo', 'agent01', 'agent02', 'agent03'];
const SIMS: { sn: string; cardPassword?: string }[] = [
  { sn: '1440000000001' },
  { sn: 'MF0000000001' },
  { sn: '1440000000003' },
  { sn: '1440000000004' },
  { sn: '1440000000006', cardPassword: '246810' },
];
const LINK_KEYS = new Set(['link', 'path', 'url', 'kefuUrl']);
const IMAGE_KEYS = new Set(['image', 'icon', 'selectedIcon', 'logo', 'avatar', 'kefuQr', 'followQr', 'background']);
/** The demo featured pages (single pages) of the default storefront. */
const PAGE_CODES = ['lucky', 'iot'];
const pages = new Set(pageTable());

interface Found {
  where: string;
  key: string;
  value: string;
  type?: string;
}

/** Every link and image string of a reply, with where it sits and the menu type beside it. */
function collect(value: unknown, where: string, out: Found[]): void {
  if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) collect(v, `${where}[${i}]`, out);
  } else if (value && typeof value === 'object') {
    const obj = value as Record<string, unknown>;
    const type = typeof obj.type === 'string' ? obj.type : undefined;
    for (const [key, v] of Object.entries(obj)) {
      if (typeof v === 'string' && v && (LINK_KEYS.has(key) || IMAGE_KEYS.has(key)))
        out.push({ where: `${where}.${key}`, key, value: v, type });
      else collect(v, `${where}.${key}`, out);
    }
  }
}

async function data<T>(res: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  const body = (await res.json()) as { code: number; message: string; data: T };
  expect(body.code, body.message).toBe(0);
  return body.data;
}

test('every link and image of the demo data resolves', async ({ request, baseURL }) => {
  const found: Found[] = [];
  for (const promoCode of PROMOTERS) {
    collect(await data(await request.get(`/api/hk/baseConfig?promoCode=${promoCode}`)), `baseConfig(${promoCode})`, found);
  }
  for (const pageCode of PAGE_CODES) {
    const page = await data<{ blocks: { type: string }[]; popup: unknown }>(
      await request.get(`/api/shop/singlePageInfo?pageCode=${pageCode}`),
    );
    // A block's type names the kind of block, not a menu type.
    collect({ blocks: page.blocks.map(({ type: _, ...block }) => block), popup: page.popup }, `singlePageInfo(${pageCode})`, found);
  }
  for (const sim of SIMS) {
    const session = await data<{ simNo: string; token: string }>(
      await request.post('/api/simLogin', { data: { ...sim, agreeProtocol: true } }),
    );
    const headers = { 'x-sim-no': session.simNo, 'x-sim-token': session.token };
    collect(await data(await request.get('/api/iot/simLayout', { headers })), `simLayout(${sim.sn})`, found);
    collect(await data(await request.get('/api/iot/simInfo', { headers })), `simInfo(${sim.sn})`, found);
  }
  expect(found.length).toBeGreaterThan(20);

  const origin = new URL(baseURL ?? '').origin;
  const problems: string[] = [];
  const served = new Map<string, number>();
  const status = async (url: string) => {
    if (!served.has(url)) served.set(url, (await request.get(url)).status());
    return served.get(url) ?? 0;
  };
  for (const f of found) {
    if (IMAGE_KEYS.has(f.key)) {
      if (f.value.startsWith('linear-gradient') || f.value.startsWith('#')) continue;
      const url = new URL(f.value, origin);
      if (url.origin !== origin) problems.push(`${f.where}: image on another site ${f.value}`);
      else if ((await status(url.pathname)) !== 200) problems.push(`${f.where}: image ${f.value} is not served`);
      continue;
    }
    if (f.type !== undefined && f.type !== 'page' && f.type !== 'url') {
      problems.push(`${f.where}: menu type ${f.type} opens nothing`);
      continue;
    }
    const link = f.value.replaceAll('[promoCode]', 'demo').replaceAll('[sn]', '1440000000001');
    const url = new URL(link, `${origin}/shop/`);
    if (link.startsWith('/pages')) {
      const path = link.split('?')[0] ?? '';
      if (!pages.has(path)) problems.push(`${f.where}: ${link} is not a page of the app`);
    } else if (url.origin !== origin) {
      problems.push(`${f.where}: ${link} leaves the app`);
    } else if (url.pathname === '/shop/' && url.hash) {
      const path = url.hash.slice(1).split('?')[0] ?? '';
      if (!pages.has(path)) problems.push(`${f.where}: ${link} is not a page of the app`);
    } else if ((await status(url.pathname + url.search)) !== 200) {
      problems.push(`${f.where}: ${link} is not served`);
    }
  }
  expect(problems).toEqual([]);
});
