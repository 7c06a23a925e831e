import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, type TestApp } from '../../../test/helpers.ts';
import { makeOperator, randomIp, signIn } from './test-kit.ts';

type Line = { line: number; number: string; price: number; tags: string[]; error: string | null };
type Preview = { total: number; valid: number; invalid: number; lines: Line[]; errors: Line[] };

let t: TestApp;
let owner: { authorization: string };
beforeAll(async () => {
  t = await createTestApp({}, { SEED_NUMBERS: '200' });
  owner = await signIn(t.app, await makeOperator(t.app, 'owner'));
});
afterAll(async () => t.close());

const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });
const post = (url: string, payload: unknown, headers: Record<string, string>) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: { 'x-forwarded-for': randomIp(), ...headers } });

/** Numbers drawn by this file's tests: each draw is distinct from every other, whatever order the tests run in. */
const drawn = new Set<string>();
/** Distinct random numbers of the 199 segment, none drawn before in this file. */
function freshNumbers(count: number): string[] {
  const out: string[] = [];
  while (out.length < count) {
    const n = `199${String(randomInt(0, 1e8)).padStart(8, '0')}`;
    if (drawn.has(n)) continue;
    drawn.add(n);
    out.push(n);
  }
  return out;
}
const csvOf = (numbers: string[]) => `number,operator,province,city,price\n${numbers.map((n) => `${n},4,440000,440300,`).join('\n')}\n`;
const shopSees = async (number: string) =>
  body<{ list: { number: string }[] }>(await t.app.inject({ url: `/api/shop/numberList?contains=${number}` })).data.list.map(
    (n) => n.number,
  );

describe('number import', () => {
  it('previews a CSV line by line, with pattern tags and each problem, and stores nothing', async () => {
    const [a, b] = freshNumbers(2);
    const aaaa = `${a!.slice(0, 7)}8888`;
    const seeded = (await t.app.db.db.selectFrom('numbers').select('number').limit(1).executeTakeFirstOrThrow()).number;
    const csv = [
      '号码,运营商,省份,城市,售价,预存',
      `${aaaa},1,440000,440300,,`,
      `${b},2,110000,110100,88.50,10`,
      `${b},2,110000,110100,,`,
      '1234,4,440000,440300,,',
      `${seeded},4,440000,440300,,`,
      `${freshNumbers(1)[0]},9,440000,440300,,`,
      `${freshNumbers(1)[0]},4,440000,110100,,`,
      `${freshNumbers(1)[0]},4,440000,440300,1.234,`,
    ].join('\r\n');
    const p = body<Preview>(await post('/api/admin/numbers/import/preview', { csv }, owner));
    expect(p.code).toBe(0);
    expect(p.data).toMatchObject({ total: 8, valid: 2, invalid: 6 });
    expect(p.data.lines[0]).toMatchObject({ line: 2, number: aaaa, error: null });
    expect(p.data.lines[0]!.tags).toContain('AAAA');
    expect(p.data.lines[1]).toMatchObject({ line: 3, number: b, price: 8850, error: null });
    expect(p.data.errors.map((e) => [e.line, e.error])).toEqual([
      [4, 'the same number as line 3'],
      [5, 'not an 11-digit number starting with 1'],
      [6, 'already in the inventory'],
      [7, 'the operator must be 1, 2, 3 or 4'],
      [8, 'not a city of the province'],
      [9, 'prices are yuan with at most two decimals'],
    ]);
    expect(await shopSees(aaaa)).toEqual([]);
    const zh = body<Preview>(await post('/api/admin/numbers/import/preview', { csv }, { ...owner, 'accept-language': 'zh-CN' }));
    expect(zh.data.errors[0]!.error).toBe('与第 3 行号码重复');
    const noHeader = body(await post('/api/admin/numbers/import/preview', { csv: `${aaaa},1,440000,440300` }, owner));
    expect(noHeader.message).toMatch(/^File: the first line must name the columns/);
  });

  it('commits 1,000 numbers, which shoppers then find; a second commit of the same file adds none; audited', async () => {
    const list = freshNumbers(1000);
    const csv = csvOf(list);
    const done = body<{ imported: number; skipped: number }>(await post('/api/admin/numbers/import/commit', { csv }, owner));
    expect(done.data).toMatchObject({ imported: 1000, skipped: 0 });
    expect(await shopSees(list[0]!)).toEqual([list[0]]);
    expect(await shopSees(list[999]!)).toEqual([list[999]]);
    const again = body<{ imported: number; skipped: number }>(await post('/api/admin/numbers/import/commit', { csv }, owner));
    expect(again.data).toMatchObject({ imported: 0, skipped: 1000 });
    const log = body<{ list: { action: string; after: { imported: number } }[] }>(
      await get(`/api/admin/audit?objectType=numbers&objectId=${list[0]}`, owner),
    );
    expect(log.data.list.map((e) => [e.action, e.after.imported])).toEqual([['numbers.import', 1000]]);
  });

  it('keeps answering other requests while a 10,000-number import runs', async () => {
    const csv = csvOf(freshNumbers(10_000));
    let importDone = 0;
    const importing = post('/api/admin/numbers/import/commit', { csv }, owner).then((r) => {
      importDone = performance.now();
      return body<{ imported: number }>(r);
    });
    await new Promise((r) => setTimeout(r, 50));
    await get('/api/admin/me', owner);
    const answeredAt = performance.now();
    expect((await importing).data.imported).toBe(10_000);
    expect(answeredAt).toBeLessThan(importDone);
  });

  it('holds a number off sale and releases it; lists by ending; audited', async () => {
    const [n] = freshNumbers(1);
    await post('/api/admin/numbers/import/commit', { csv: csvOf([n!]) }, owner);
    const held = body(await post('/api/admin/numbers/hold', { number: n }, owner));
    expect(held).toEqual({ code: 0, message: 'ok', data: { number: n, status: 'off_sale' } });
    expect(await shopSees(n!)).toEqual([]);
    expect(body(await post('/api/admin/numbers/hold', { number: n }, owner)).message).toBe('Number: only a number on sale can be held');
    const found = body<{ list: { number: string; status: string }[]; total: number }>(
      await get(`/api/admin/numbers?keyword=${n!.slice(-6)}`, owner),
    );
    expect(found.data.list.find((x) => x.number === n)).toMatchObject({ status: 'off_sale' });
    expect(body(await post('/api/admin/numbers/release', { number: n }, owner)).code).toBe(0);
    expect(await shopSees(n!)).toEqual([n]);
    expect(body(await post('/api/admin/numbers/release', { number: n }, owner)).message).toBe('Number: the number is not held');
    const log = body<{ list: { action: string }[] }>(await get(`/api/admin/audit?objectType=number&objectId=${n}`, owner));
    expect(log.data.list.map((e) => e.action)).toEqual(['number.release', 'number.hold']);
  });

  it('refuses agents and staff on every numbers route', async () => {
    const [n] = freshNumbers(1);
    for (const role of ['agent', 'staff'] as const) {
      const h = await signIn(t.app, await makeOperator(t.app, role, 1));
      const replies = [
        await post('/api/admin/numbers/import/preview', { csv: csvOf([n!]) }, h),
        await post('/api/admin/numbers/import/commit', { csv: csvOf([n!]) }, h),
        await get('/api/admin/numbers', h),
        await post('/api/admin/numbers/hold', { number: n }, h),
        await post('/api/admin/numbers/release', { number: n }, h),
      ].map((r) => body(r).code);
      expect(replies, role).toEqual([-1, -1, -1, -1, -1]);
    }
    expect(await shopSees(n!)).toEqual([]);
  });
});
