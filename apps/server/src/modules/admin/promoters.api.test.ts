import { randomBytes, randomInt } from 'node:crypto';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, type TestApp } from '../../../test/helpers.ts';
import { makeAgent } from '../agents/test-kit.ts';
import { putTexts } from '../i18n-texts/service.ts';
import { makeOperator, randomIp, signIn, type TestOperator } from './test-kit.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { SEED_NUMBERS: '200' });
});
afterAll(async () => t.close());

type H = Record<string, string>;
const get = (url: string, headers: H = {}) => t.app.inject({ method: 'GET', url, headers });
const post = (url: string, payload: unknown, headers: H = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: { 'x-forwarded-for': randomIp(), ...headers } });
const ownerH = async () => signIn(t.app, await makeOperator(t.app, 'owner'));
const code = () => `sf${randomBytes(4).toString('hex')}`;
const mobileOf = () => `16${String(randomInt(0, 1_000_000_000)).padStart(9, '0')}`;

const settings = (parentId: number | null, over: Record<string, unknown> = {}) => ({
  name: '新代理店',
  isAgent: true,
  parentId,
  title: '靓号优选',
  kefuMobile: '400-800-1234',
  kefuUrl: '',
  bottomTips: '客服 9:00-21:00',
  suggest: true,
  indexSearch: false,
  ...over,
});

type Detail = {
  id: number;
  promoCode: string;
  name: string;
  isAgent: boolean;
  parentId: number | null;
  kefuMobile: string;
  upstream: { promoCode: string }[];
  downstream: { promoCode: string; isAgent: boolean; sales: unknown; customPrice: unknown }[];
};

describe('storefronts in the console', () => {
  it('an owner creates an agent storefront under an agent, the shop reads its settings, and the chain shows it', async () => {
    const owner = await ownerH();
    const top = await makeAgent(t.app, null);
    const promoCode = code();
    const made = body<Detail>(await post('/api/admin/storefronts/create', { promoCode, ...settings(top.id) }, owner));
    expect(made.code).toBe(0);
    expect(made.data).toMatchObject({ promoCode, name: '新代理店', isAgent: true, parentId: top.id, kefuMobile: '400-800-1234' });
    expect(made.data.upstream.map((u) => u.promoCode)).toEqual([top.promoCode]);
    expect(made.data.downstream).toEqual([]);

    const shop = body<{ promoName: string; isAgent: boolean; front: Record<string, unknown> }>(
      await get(`/api/hk/baseConfig?promoCode=${promoCode}`),
    );
    expect(shop.data).toMatchObject({ promoName: '新代理店', isAgent: true });
    expect(shop.data.front).toMatchObject({
      title: '靓号优选',
      kefuMobile: '400-800-1234',
      bottomTips: '客服 9:00-21:00',
      suggest: true,
      indexSearch: false,
    });

    const upper = body<Detail>(await get(`/api/admin/storefronts/detail?id=${top.id}`, owner));
    expect(upper.data.downstream).toEqual([
      {
        id: made.data.id,
        promoCode,
        name: '新代理店',
        isAgent: true,
        sales: { orders: 0, amount: 0, monthOrders: 0, monthAmount: 0 },
        customPrice: { numberRules: [], goodsMarkupPercent: 0 },
      },
    ]);

    const edited = body<Detail>(
      await post('/api/admin/storefronts/update', { id: made.data.id, ...settings(null, { name: '改名店', kefuMobile: '95000' }) }, owner),
    );
    expect(edited.data).toMatchObject({ name: '改名店', parentId: null, kefuMobile: '95000', upstream: [] });
    const after = body<{ promoName: string; front: { kefuMobile: string } }>(await get(`/api/hk/baseConfig?promoCode=${promoCode}`));
    expect(after.data).toMatchObject({ promoName: '改名店', front: { kefuMobile: '95000' } });

    const log = body<{ list: { action: string; before: unknown; after: unknown }[] }>(
      await get(`/api/admin/audit?objectType=promoter&objectId=${promoCode}`, owner),
    );
    expect(log.data.list.map((l) => l.action)).toEqual(['storefront.update', 'storefront.create']);
    expect(log.data.list[0]).toMatchObject({
      before: { name: '新代理店', parentId: top.id, kefuMobile: '400-800-1234' },
      after: { name: '改名店', parentId: null, kefuMobile: '95000' },
    });
  });

  it('keeps chains sound: an agent upstream, no cycle, a free promo code, an agent with downstream stays one', async () => {
    const owner = await ownerH();
    const top = await makeAgent(t.app, null);
    const mid = await makeAgent(t.app, top.id);
    const shop = body<Detail>(
      await post('/api/admin/storefronts/create', { promoCode: code(), ...settings(null, { isAgent: false }) }, owner),
    );
    expect(shop.code).toBe(0);
    const refuse = async (url: string, payload: unknown) => body(await post(url, payload, owner));
    expect(await refuse('/api/admin/storefronts/create', { promoCode: code(), ...settings(shop.data.id) })).toEqual({
      code: -1,
      message: 'Upstream: the upstream must be an agent storefront, not the storefront itself nor one of its downstream',
      data: null,
    });
    expect((await refuse('/api/admin/storefronts/create', { promoCode: mid.promoCode, ...settings(top.id) })).message).toBe(
      'Promo code: this promo code is taken',
    );
    expect((await refuse('/api/admin/storefronts/update', { id: top.id, ...settings(mid.id) })).message).toMatch(/^Upstream: /);
    expect((await refuse('/api/admin/storefronts/update', { id: top.id, ...settings(top.id) })).message).toMatch(/^Upstream: /);
    expect((await refuse('/api/admin/storefronts/update', { id: top.id, ...settings(null, { isAgent: false }) })).message).toBe(
      'Agent: a storefront with downstream storefronts stays an agent',
    );
    expect((await refuse('/api/admin/storefronts/create', { promoCode: 'a', ...settings(null) })).code).toBe(-1);
    expect(
      (await refuse('/api/admin/storefronts/create', { promoCode: code(), ...settings(null, { kefuUrl: 'ftp://x' }) })).message,
    ).toMatch(/^Customer service link: /);
    // A chain of ten is the longest.
    let parent = top.id;
    for (let depth = 2; depth <= 10; depth++) {
      const next = body<Detail>(await post('/api/admin/storefronts/create', { promoCode: code(), ...settings(parent) }, owner));
      expect(next.code).toBe(0);
      parent = next.data.id;
    }
    expect((await refuse('/api/admin/storefronts/create', { promoCode: code(), ...settings(parent) })).message).toBe(
      'Upstream: a chain has at most 10 storefronts',
    );
  });

  it("lists the storefronts, and the dashboard names them, in the reader's language", async () => {
    const owner = await ownerH();
    const made = body<Detail>(
      await post('/api/admin/storefronts/create', { promoCode: code(), ...settings(null, { name: '星光数码店' }) }, owner),
    );
    await putTexts(t.app.db.db, [{ entity: 'promoter', id: made.data.id, field: 'name', language: 'en', text: 'Starlight Digital' }]);
    const nameIn = async (language: string) => {
      const listed = body<{ list: { id: number; name: string }[] }>(
        await get('/api/admin/promoters', { ...owner, 'accept-language': language }),
      );
      return listed.data.list.find((p) => p.id === made.data.id)?.name;
    };
    expect(await nameIn('en')).toBe('Starlight Digital');
    expect(await nameIn('zh-Hant')).toBe('星光數碼店');
    expect(await nameIn('zh-Hans')).toBe('星光数码店');
    const dashboard = body<{ promoters: { name: string }[] }>(
      await get(`/api/admin/dashboard?promoterId=${made.data.id}`, { ...owner, 'accept-language': 'en' }),
    );
    expect(dashboard.data.promoters.map((p) => p.name)).toEqual(['Starlight Digital']);
  });

  it('an agent creates a direct downstream agent under itself only; staff and agents edit nothing', async () => {
    const top = await makeAgent(t.app, null);
    const mid = await makeAgent(t.app, top.id);
    const agent = await signIn(t.app, await makeOperator(t.app, 'agent', mid.id));
    const staff = await signIn(t.app, await makeOperator(t.app, 'staff', mid.id));
    const promoCode = code();
    const made = body<Detail>(await post('/api/admin/storefronts/create', { promoCode, ...settings(mid.id) }, agent));
    expect(made.data).toMatchObject({ promoCode, parentId: mid.id, isAgent: true });
    const own = body<Detail>(await get(`/api/admin/storefronts/detail?id=${mid.id}`, agent));
    expect(own.data.downstream.map((d) => d.promoCode)).toEqual([promoCode]);
    const listed = body<{ list: { promoCode: string }[] }>(await get('/api/admin/promoters', agent));
    expect(listed.data.list.map((p) => p.promoCode)).toEqual([mid.promoCode, promoCode]);

    expect(body(await post('/api/admin/storefronts/create', { promoCode: code(), ...settings(top.id) }, agent)).message).toBe(
      'Upstream: not found or not yours to manage',
    );
    expect(body(await post('/api/admin/storefronts/create', { promoCode: code(), ...settings(made.data.id) }, agent)).code).toBe(-1);
    expect(
      body(await post('/api/admin/storefronts/create', { promoCode: code(), ...settings(mid.id, { isAgent: false }) }, agent)).code,
    ).toBe(-1);
    expect(body(await get(`/api/admin/storefronts/detail?id=${top.id}`, agent)).message).toBe('not found or not yours to manage');
    expect(body(await post('/api/admin/storefronts/update', { id: mid.id, ...settings(top.id) }, agent)).message).toBe(
      'your account may not do this',
    );
    expect(body(await post('/api/admin/storefronts/create', { promoCode: code(), ...settings(mid.id) }, staff)).code).toBe(-1);
    expect(body(await get(`/api/admin/storefronts/detail?id=${mid.id}`, staff)).code).toBe(0);
    expect(body(await get(`/api/admin/storefronts/detail?id=${made.data.id}`, staff)).code).toBe(-1);
  });
});

type OpRow = { id: number; mobile: string; role: string; disabled: boolean; promoter: { promoCode: string } | null };
type Created = { operator: OpRow; password: string; totpSecret: string; otpauthUrl: string };

const asTest = (c: Created, promoterId: number | null): TestOperator => ({
  id: c.operator.id,
  mobile: c.operator.mobile,
  password: c.password,
  secret: c.totpSecret,
  role: c.operator.role as TestOperator['role'],
  promoterId,
});
const passwordStep = async (mobile: string, password: string) => body(await post('/api/admin/login', { mobile, password }));

describe('operator accounts', () => {
  it('an owner creates an agent account whose first sign-in takes the password and TOTP answered once', async () => {
    const owner = await ownerH();
    const mid = await makeAgent(t.app, null);
    const mobile = mobileOf();
    const made = body<Created>(
      await post('/api/admin/operators/create', { mobile, name: '小王', role: 'agent', promoterId: mid.id }, owner),
    );
    expect(made.code).toBe(0);
    expect(made.data.operator).toMatchObject({
      mobile,
      name: '小王',
      role: 'agent',
      disabled: false,
      promoter: { promoCode: mid.promoCode },
    });
    expect(made.data.password.length).toBeGreaterThanOrEqual(12);
    expect(made.data.otpauthUrl).toContain(`secret=${made.data.totpSecret}`);
    const h = await signIn(t.app, asTest(made.data, mid.id));
    const me = body<{ operator: { role: string; promoter: { promoCode: string } } }>(await get('/api/admin/me', h));
    expect(me.data.operator).toMatchObject({ role: 'agent', promoter: { promoCode: mid.promoCode } });

    const list = body<{ list: OpRow[] }>(await get('/api/admin/operators', owner));
    expect(list.data.list.find((o) => o.mobile === mobile)).toMatchObject({ role: 'agent', disabled: false });
    expect(body(await post('/api/admin/operators/create', { mobile, name: 'x', role: 'staff', promoterId: mid.id }, owner)).message).toBe(
      'Mobile number: an operator with this mobile exists already',
    );
    expect(
      body(await post('/api/admin/operators/create', { mobile: mobileOf(), name: 'x', role: 'staff', promoterId: null }, owner)).message,
    ).toBe('Storefront: an agent or staff account works for a storefront, an owner for none');
    expect(
      body(await post('/api/admin/operators/create', { mobile: mobileOf(), name: 'x', role: 'owner', promoterId: mid.id }, owner)).code,
    ).toBe(-1);
    const log = body<{ list: { action: string; after: Record<string, unknown> }[] }>(
      await get(`/api/admin/audit?objectType=operator&objectId=${made.data.operator.id}`, owner),
    );
    expect(log.data.list).toEqual([
      expect.objectContaining({
        action: 'operator.create',
        after: { mobile, name: '小王', role: 'agent', promoterId: mid.id, disabled: false },
      }),
    ]);
    expect(JSON.stringify(log.data.list)).not.toContain(made.data.password);
    expect(JSON.stringify(log.data.list)).not.toContain(made.data.totpSecret);
  });

  it('disables and enables, resets the password and the TOTP secret, each ending the sessions; all audited', async () => {
    const owner = await ownerH();
    const made = body<Created>(
      await post('/api/admin/operators/create', { mobile: mobileOf(), name: '店员', role: 'staff', promoterId: 1 }, owner),
    );
    let op = asTest(made.data, 1);
    const id = op.id;
    const h1 = await signIn(t.app, op);
    const disabled = body<OpRow>(await post('/api/admin/operators/setDisabled', { operatorId: id, disabled: true }, owner));
    expect(disabled.data.disabled).toBe(true);
    expect(body(await get('/api/admin/me', h1)).code).toBe(61);
    expect((await passwordStep(op.mobile, op.password)).message).toBe('Password: wrong mobile or password');
    expect(body<OpRow>(await post('/api/admin/operators/setDisabled', { operatorId: id, disabled: false }, owner)).data.disabled).toBe(
      false,
    );

    const h2 = await signIn(t.app, op);
    const pw = body<{ password: string }>(await post('/api/admin/operators/resetPassword', { operatorId: id }, owner));
    expect(body(await get('/api/admin/me', h2)).code).toBe(61);
    expect((await passwordStep(op.mobile, op.password)).code).toBe(-1);
    op = { ...op, password: pw.data.password };
    expect((await passwordStep(op.mobile, op.password)).code).toBe(0);

    // A code is taken once per time step: the new secret's steps start afresh.
    const totp = body<{ totpSecret: string; otpauthUrl: string }>(await post('/api/admin/operators/resetTotp', { operatorId: id }, owner));
    expect(totp.data.totpSecret).not.toBe(made.data.totpSecret);
    const challenge = body<{ challenge: string }>(await post('/api/admin/login', { mobile: op.mobile, password: op.password })).data
      .challenge;
    const oldCode = await generate({ secret: made.data.totpSecret, epoch: Math.floor(Date.now() / 1000) });
    const newCode = await generate({ secret: totp.data.totpSecret, epoch: Math.floor(Date.now() / 1000) });
    if (oldCode !== newCode) expect(body(await post('/api/admin/login/totp', { challenge, code: oldCode })).code).toBe(-1);
    expect(body(await post('/api/admin/login/totp', { challenge, code: newCode })).code).toBe(0);

    const edited = body<OpRow>(
      await post('/api/admin/operators/update', { operatorId: id, name: '组长', role: 'agent', promoterId: 1 }, owner),
    );
    expect(edited.data).toMatchObject({ role: 'agent', disabled: false });

    const log = body<{ list: { action: string }[] }>(await get(`/api/admin/audit?objectType=operator&objectId=${id}`, owner));
    expect(log.data.list.map((l) => l.action)).toEqual([
      'operator.update',
      'operator.resetTotp',
      'operator.resetPassword',
      'operator.enable',
      'operator.disable',
      'operator.create',
    ]);
  });

  it('never lets the last active owner be disabled or demoted, even when two owners disable each other at once', async () => {
    const a = await makeOperator(t.app, 'owner');
    const b = await makeOperator(t.app, 'owner');
    const ha = await signIn(t.app, a);
    const hb = await signIn(t.app, b);
    // Only these two owners are active.
    await t.app.db.db
      .updateTable('admin_operators')
      .set({ disabled: 1 })
      .where('role', '=', 'owner')
      .where('id', 'not in', [a.id, b.id])
      .execute();
    const [x, y] = await Promise.all([
      post('/api/admin/operators/setDisabled', { operatorId: b.id, disabled: true }, ha).then(body),
      post('/api/admin/operators/setDisabled', { operatorId: a.id, disabled: true }, hb).then(body),
    ]);
    // One wins; the other is refused as the last owner, or finds itself signed out when the first came first.
    expect([x.code, y.code].filter((c) => c === 0)).toHaveLength(1);
    const loser = x.code === 0 ? y : x;
    if (loser.code !== 61) expect(loser.message).toMatch(/the last active owner cannot be disabled or given another role$/);
    const active = await t.app.db.db
      .selectFrom('admin_operators')
      .select('id')
      .where('id', 'in', [a.id, b.id])
      .where('disabled', '=', 0)
      .execute();
    expect(active).toHaveLength(1);
    const [survivor, h] = x.code === 0 ? [a, ha] : [b, hb];
    expect(body(await post('/api/admin/operators/setDisabled', { operatorId: survivor.id, disabled: true }, h)).message).toBe(
      'Operator: the last active owner cannot be disabled or given another role',
    );
    expect(
      body(await post('/api/admin/operators/update', { operatorId: survivor.id, name: 'x', role: 'staff', promoterId: 1 }, h)).message,
    ).toBe('Role: the last active owner cannot be disabled or given another role');
    const c = await makeOperator(t.app, 'owner');
    expect(body(await post('/api/admin/operators/setDisabled', { operatorId: survivor.id, disabled: true }, h)).code).toBe(0);
    expect(c.role).toBe('owner');
  });
});

type Preview = { matched: number; totalBefore: number; totalAfter: number; sample: { number: string; price: number; newPrice: number }[] };

/** Numbers of a fresh 7-digit beginning: the last four digits and price in yuan. */
async function importNumbers(owner: H, endings: [string, number][]) {
  const prefix = `199${String(randomInt(0, 10_000)).padStart(4, '0')}`;
  let csv = 'number,operator,province,city,price\n';
  for (const [end, yuan] of endings) csv += `${prefix}${end},4,440000,440300,${yuan}\n`;
  const res = body<{ imported: number }>(await post('/api/admin/numbers/import/commit', { csv }, owner));
  if (res.data.imported !== endings.length) throw new Error(`imported ${res.data.imported}`);
  return prefix;
}
const shopPrice = async (number: string) =>
  body<{ price: number }>(await get(`/api/shop/numberDetail?promoCode=demo&number=${number}`)).data.price;

describe('bulk number prices', () => {
  it('previews, then changes the price of the numbers on sale matching the filters in one go; held and sold keep theirs', async () => {
    const owner = await ownerH();
    const prefix = await importNumbers(owner, [
      ['1357', 100],
      ['2468', 200],
      ['8888', 5000],
      ['1359', 300],
      ['1360', 400],
    ]);
    await t.app.db.db.updateTable('numbers').set({ status: 'sold' }).where('number', '=', `${prefix}1359`).execute();
    expect(body(await post('/api/admin/numbers/hold', { number: `${prefix}1360` }, owner)).code).toBe(0);

    const rule = { prefix, mode: 'percent', value: 10 };
    const preview = body<Preview>(await post('/api/admin/numbers/priceRule/preview', rule, owner));
    expect(preview.data).toEqual({
      matched: 3,
      totalBefore: 530_000,
      totalAfter: 583_000,
      sample: [
        expect.objectContaining({ number: `${prefix}1357`, price: 10_000, newPrice: 11_000 }),
        expect.objectContaining({ number: `${prefix}2468`, price: 20_000, newPrice: 22_000 }),
        expect.objectContaining({ number: `${prefix}8888`, price: 500_000, newPrice: 550_000 }),
      ],
    });
    expect(await shopPrice(`${prefix}1357`)).toBe(10_000);

    expect(body(await post('/api/admin/numbers/priceRule/apply', rule, owner)).data).toEqual({ matched: 3, updated: 3 });
    expect(await shopPrice(`${prefix}1357`)).toBe(11_000);
    expect(await shopPrice(`${prefix}8888`)).toBe(550_000);
    const kept = await t.app.db.db
      .selectFrom('numbers')
      .select(['number', 'price'])
      .where('number', 'in', [`${prefix}1359`, `${prefix}1360`])
      .orderBy('number')
      .execute();
    expect(kept.map((k) => Number(k.price))).toEqual([30_000, 40_000]);

    // By pattern and ending: the AAAA number only; `add` never goes below 0, `set` names the price.
    const aaaa = { prefix, tag: 'AAAA', suffix: '8888', mode: 'add', value: -1_000_000 };
    expect(body<Preview>(await post('/api/admin/numbers/priceRule/preview', aaaa, owner)).data).toMatchObject({
      matched: 1,
      totalAfter: 0,
    });
    expect(body(await post('/api/admin/numbers/priceRule/apply', { ...aaaa, mode: 'set', value: 666_600 }, owner)).data).toEqual({
      matched: 1,
      updated: 1,
    });
    expect(await shopPrice(`${prefix}8888`)).toBe(666_600);
    const listed = body<{ list: { number: string; price: number }[] }>(
      await get(`/api/shop/numberList?pattern=AAAA&endsWith=8888&contains=${prefix.slice(3)}`),
    );
    expect(listed.data.list.filter((n) => n.number === `${prefix}8888`).map((n) => n.price)).toEqual([666_600]);

    const log = body<{ list: { action: string; after: Record<string, unknown> }[] }>(
      await get('/api/admin/audit?action=numbers.priceRule', owner),
    );
    expect(log.data.list.find((l) => (l.after.filter as { prefix: string }).prefix === prefix && l.after.mode === 'percent')).toMatchObject(
      {
        after: { mode: 'percent', value: 10, matched: 3, updated: 3 },
      },
    );
  });

  it('refuses a percentage out of range and a negative set price, naming the value', async () => {
    const owner = await ownerH();
    expect(body(await post('/api/admin/numbers/priceRule/preview', { mode: 'percent', value: -100 }, owner)).message).toBe(
      'Value: a percentage from -99 to 1000',
    );
    expect(body(await post('/api/admin/numbers/priceRule/apply', { mode: 'set', value: -1 }, owner)).message).toBe(
      'Value: must not be below 0',
    );
    expect(body(await post('/api/admin/numbers/priceRule/preview', { mode: 'double', value: 1 }, owner)).code).toBe(-1);
    expect(body(await post('/api/admin/numbers/priceRule/preview', { mode: 'set', value: 1, prefix: '2x' }, owner)).message).toMatch(
      /^Starts with: /,
    );
  });
});

describe('authorisation matrix of the storefront, operator and price-rule routes', () => {
  it('refuses each role what it may not do, and calls without a session', async () => {
    const top = await makeAgent(t.app, null);
    const mid = await makeAgent(t.app, top.id);
    const other = await makeOperator(t.app, 'staff', top.id);
    const headers: Record<'agent' | 'staff' | 'none', H> = {
      agent: await signIn(t.app, await makeOperator(t.app, 'agent', mid.id)),
      staff: await signIn(t.app, await makeOperator(t.app, 'staff', mid.id)),
      none: {},
    };
    const c = async (p: Promise<{ json(): unknown }>) => body(await p).code;
    const calls: Record<string, (h: H) => Promise<number>> = {
      'read the upstream storefront': (h) => c(get(`/api/admin/storefronts/detail?id=${top.id}`, h)),
      'create a storefront under the upstream': (h) =>
        c(post('/api/admin/storefronts/create', { promoCode: code(), ...settings(top.id) }, h)),
      'edit its own storefront': (h) => c(post('/api/admin/storefronts/update', { id: mid.id, ...settings(top.id) }, h)),
      'list operators': (h) => c(get('/api/admin/operators', h)),
      'create an operator': (h) =>
        c(post('/api/admin/operators/create', { mobile: mobileOf(), name: 'x', role: 'staff', promoterId: mid.id }, h)),
      'edit an operator': (h) =>
        c(post('/api/admin/operators/update', { operatorId: other.id, name: 'x', role: 'staff', promoterId: mid.id }, h)),
      'disable an operator': (h) => c(post('/api/admin/operators/setDisabled', { operatorId: other.id, disabled: true }, h)),
      'reset a password': (h) => c(post('/api/admin/operators/resetPassword', { operatorId: other.id }, h)),
      'reset a TOTP secret': (h) => c(post('/api/admin/operators/resetTotp', { operatorId: other.id }, h)),
      'preview a price rule': (h) => c(post('/api/admin/numbers/priceRule/preview', { mode: 'add', value: 1 }, h)),
      'apply a price rule': (h) => c(post('/api/admin/numbers/priceRule/apply', { mode: 'add', value: 1, prefix: '1' }, h)),
    };
    const results: Record<string, Record<string, number>> = {};
    for (const [name, call] of Object.entries(calls)) {
      results[name] = { agent: await call(headers.agent), staff: await call(headers.staff), none: await call(headers.none) };
    }
    const refused = { agent: -1, staff: -1, none: 61 };
    expect(results).toEqual(Object.fromEntries(Object.keys(calls).map((k) => [k, refused])));
    const untouched = await t.app.db.db
      .selectFrom('admin_operators')
      .select(['disabled', 'name'])
      .where('id', '=', other.id)
      .executeTakeFirstOrThrow();
    expect(untouched).toEqual({ disabled: 0, name: `op ${other.mobile}` });
  });
});
