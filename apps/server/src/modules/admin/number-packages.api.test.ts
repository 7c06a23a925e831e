import type { AdminNumberPackage } from '@simshop/contract/admin-number-packages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, type TestApp } from '../../../test/helpers.ts';
import { makeAgent } from '../agents/test-kit.ts';
import { makeOperator, randomIp, signIn } from './test-kit.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { SEED_NUMBERS: '50' });
});
afterAll(async () => t.close());

const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });
const post = (url: string, payload: unknown, headers: Record<string, string>) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: { 'x-forwarded-for': randomIp(), ...headers } });

const plan = (name: string) => ({
  operator: '3',
  name: { 'zh-Hans': name, en: 'Broadnet 39', 'zh-Hant': '' },
  description: { 'zh-Hans': '50GB 通用流量', en: '50 GB of data', 'zh-Hant': '' },
  monthlyFee: 3900,
  dataMb: 51_200,
  voiceMinutes: 200,
  sort: 5,
  enabled: true,
});

/** The plans a new number can be applied for with, as the shop shows them in `language`. */
async function shopPlans(language: string) {
  const r = await t.app.inject({ url: '/api/shop/fastNumber/products', headers: { 'accept-language': language } });
  return (r.json().data.operators as { operator: string; packages: { id: number; name: string; monthlyFee: number }[] }[]).flatMap((o) =>
    o.packages.map((p) => ({ ...p, operator: o.operator })),
  );
}

describe('number plans in the console', () => {
  it('an owner adds a plan in three languages, the shop offers it; a change shows at once; off, it is no longer offered', async () => {
    const owner = await signIn(t.app, await makeOperator(t.app, 'owner'));
    const name = `广电畅享 ${Date.now() % 100_000}`;
    const made = body<AdminNumberPackage>(await post('/api/admin/numberPackages/save', plan(name), owner));
    expect(made.code).toBe(0);
    expect(made.data).toMatchObject({
      operator: '3',
      name: { 'zh-Hans': name, en: 'Broadnet 39', 'zh-Hant': name.replace('广电畅享', '廣電暢享') },
      monthlyFee: 3900,
      enabled: true,
    });
    expect((await shopPlans('en')).find((p) => p.id === made.data.id)).toEqual({
      id: made.data.id,
      operator: '3',
      name: 'Broadnet 39',
      description: '50 GB of data',
      dataMb: 51_200,
      voiceMinutes: 200,
      monthlyFee: 3900,
    });
    expect((await shopPlans('zh-Hans')).find((p) => p.id === made.data.id)?.name).toBe(name);

    const cheaper = body<AdminNumberPackage>(
      await post('/api/admin/numberPackages/save', { ...plan(name), id: made.data.id, monthlyFee: 2900 }, owner),
    );
    expect(cheaper.data.monthlyFee).toBe(2900);
    expect((await shopPlans('en')).find((p) => p.id === made.data.id)?.monthlyFee).toBe(2900);
    const moved = body(await post('/api/admin/numberPackages/save', { ...plan(name), id: made.data.id, operator: '1' }, owner));
    expect([moved.code, moved.message.split(':')[0]]).toEqual([-1, 'Carrier']);

    expect(body(await post('/api/admin/numberPackages/save', { ...plan(name), id: made.data.id, enabled: false }, owner)).code).toBe(0);
    expect((await shopPlans('en')).some((p) => p.id === made.data.id)).toBe(false);
    const listed = body<{ list: AdminNumberPackage[] }>(await get('/api/admin/numberPackages', owner)).data.list;
    expect(listed.find((p) => p.id === made.data.id)?.enabled).toBe(false);

    const log = body<{ list: { action: string }[] }>(await get(`/api/admin/audit?objectType=numberPackage&objectId=${made.data.id}`, owner))
      .data.list;
    expect(log.map((e) => e.action).reverse()).toEqual(['numberPackage.create', 'numberPackage.update', 'numberPackage.update']);
  });

  it('refuses a wrong plan naming the field, and every role but the owner', async () => {
    const owner = await signIn(t.app, await makeOperator(t.app, 'owner'));
    const bad = body(await post('/api/admin/numberPackages/save', { ...plan('x'), name: { 'zh-Hans': '', en: '', 'zh-Hant': '' } }, owner));
    expect([bad.code, bad.message.split(':')[0]]).toEqual([-1, 'Name']);
    const fee = body(await post('/api/admin/numberPackages/save', { ...plan('x'), monthlyFee: -1 }, owner));
    expect([fee.code, fee.message.split(':')[0]]).toEqual([-1, 'Monthly fee']);
    const shop = await makeAgent(t.app, null);
    for (const role of ['agent', 'staff'] as const) {
      const h = await signIn(t.app, await makeOperator(t.app, role, shop.id));
      expect(body(await get('/api/admin/numberPackages', h)).code, role).toBe(-1);
      expect(body(await post('/api/admin/numberPackages/save', plan('代理的套餐'), h)).code, role).toBe(-1);
    }
    expect(body(await get('/api/admin/numberPackages', {})).code).toBe(61);
  });
});
