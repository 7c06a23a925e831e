import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestAppPair, type TestAppPair } from '../../../test/helpers.ts';
import { addPackage, adjust, card, client, expectLedgersExact, key, newCard, simLogin } from './test-kit.ts';

// Every burst is split across two server instances on one database, as behind a load balancer.
let pair: TestAppPair;
beforeAll(async () => {
  pair = await createTestAppPair();
});
afterAll(async () => pair.close());

const PW = '135792';
const LOCKED = /^paying with the pay password is locked after 5 wrong entries; it unlocks at \d\d:\d\d \(UTC\+8\), in 30 min/;
const WRONG = [
  'Pay password: wrong pay password, 4 tries left',
  'Pay password: wrong pay password, 3 tries left',
  'Pay password: wrong pay password, 2 tries left',
  'Pay password: wrong pay password, 1 try left',
];

/** A new card with the pay password set, and one client of it on each instance. */
async function cardWithPayPassword() {
  const [a, b] = pair.apps;
  const simNo = await newCard(a);
  const headers = await simLogin(a, simNo);
  const clients = [client(a, headers), client(b, headers)] as const;
  expect((await clients[0].post('/api/iot/simUpdatePayPass', { payPassword: PW })).code).toBe(0);
  return { simNo, clients };
}

/** Wrong entries 100000, 100001, ... (never the right one). */
const wrongEntry = (i: number) => String(100_000 + i);

describe('pay password under a burst of wrong entries on two instances', () => {
  it('100 concurrent wrong checkPayPass entries: only 5 are compared, the rest refused as locked, and the right one is refused after', async () => {
    const { clients } = await cardWithPayPassword();
    const replies = await Promise.all(
      Array.from({ length: 100 }, (_, i) => clients[i % 2]!.post('/api/iot/checkPayPass', { payPassword: wrongEntry(i) })),
    );
    expect(replies.every((r) => r.code === -1)).toBe(true);
    // The first four compared say how many tries are left; the fifth compared locks the card.
    const compared = replies.filter((r) => r.message.includes('wrong pay password')).map((r) => r.message);
    expect(compared.sort()).toEqual([...WRONG].sort());
    expect(replies.filter((r) => LOCKED.test(r.message))).toHaveLength(96);
    const right = await clients[1].post('/api/iot/checkPayPass', { payPassword: PW });
    expect(right.code).toBe(-1);
    expect(right.message).toMatch(LOCKED);
    expect((await clients[0].get('/api/iot/payPassStatus')).data).toMatchObject({ locked: true, attemptsLeft: 0 });
  });

  it('100 concurrent wrong buyPackage entries buy nothing and compare only 5; the right entry after them is refused while locked', async () => {
    const [a] = pair.apps;
    const { simNo, clients } = await cardWithPayPassword();
    await adjust(a, simNo, 'balance', 10_000);
    const id = await addPackage(a, {
      name: 'pay password burst',
      kind: 'addon',
      price: 100,
      effects: 'now',
      duration: 7,
      duration_unit: 1,
    });
    const buy = (i: number, payPassword: string) =>
      clients[i % 2]!.post('/api/iot/buyPackage', { packageId: id, payPassword }, { 'idempotency-key': key() });
    const replies = await Promise.all(Array.from({ length: 100 }, (_, i) => buy(i, wrongEntry(i))));
    expect(replies.every((r) => r.code === -1)).toBe(true);
    expect(
      replies
        .filter((r) => r.message.includes('wrong pay password'))
        .map((r) => r.message)
        .sort(),
    ).toEqual([...WRONG].sort());
    expect(replies.filter((r) => LOCKED.test(r.message))).toHaveLength(96);
    const right = await buy(1, PW);
    expect(right.code).toBe(-1);
    expect(right.message).toMatch(LOCKED);
    expect((await card(a, simNo)).balance).toBe(10_000);
    await expectLedgersExact(a, [simNo]);
  });

  it('a right entry among concurrent wrong ones pays when it gets one of the 5 tries, and clears the count', async () => {
    const [a] = pair.apps;
    const { simNo, clients } = await cardWithPayPassword();
    await adjust(a, simNo, 'balance', 1_000);
    const id = await addPackage(a, {
      name: 'pay password mixed',
      kind: 'addon',
      price: 100,
      effects: 'now',
      duration: 7,
      duration_unit: 1,
    });
    const replies = await Promise.all([
      clients[0].post('/api/iot/buyPackage', { packageId: id, payPassword: PW }, { 'idempotency-key': key() }),
      clients[1].post('/api/iot/checkPayPass', { payPassword: wrongEntry(1) }),
      clients[0].post('/api/iot/checkPayPass', { payPassword: wrongEntry(2) }),
    ]);
    expect(replies[0]!.code).toBe(0);
    expect(replies[1]!.message).toMatch(/^Pay password: wrong pay password, [234] tries left$/);
    expect(replies[2]!.message).toMatch(/^Pay password: wrong pay password, [234] tries left$/);
    expect((await card(a, simNo)).balance).toBe(900);
    const status = (await clients[1].get('/api/iot/payPassStatus')).data;
    expect(status.locked).toBe(false);
    await expectLedgersExact(a, [simNo]);
  });
});
