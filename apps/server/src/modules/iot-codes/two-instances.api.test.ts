import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestAppPair, type TestAppPair } from '../../../test/helpers.ts';
import { client, makeCard, simLogin } from '../iot-money/test-kit.ts';

let pair: TestAppPair;
beforeAll(async () => {
  pair = await createTestAppPair({ seedNumbers: 0 });
});
afterAll(async () => pair.close());

it('two instances asked at once for a machine’s code agree on one; a code replaced on one is refused by the other', async () => {
  const [a, b] = pair.apps;
  const card = await makeCard(a);
  const headers = await simLogin(a, card.simNo);
  const [ca, cb] = [client(a, headers), client(b, headers)];
  const firsts = await Promise.all([
    ca.get('/api/site/generalOneCodeById'),
    cb.get('/api/site/generalOneCodeById'),
    ca.get('/api/site/generalOneCodeById'),
  ]);
  expect(firsts.map((r) => r.code)).toEqual([0, 0, 0]);
  expect(new Set(firsts.map((r) => r.data.code)).size).toBe(1);
  const rows = await a.db.db.selectFrom('iot_one_codes').select('code').where('sim_id', '=', card.id).execute();
  expect(rows).toHaveLength(1);

  const old = firsts[0]!.data.code;
  const renewed = await ca.post('/api/iot/oneCodeRenew');
  expect(renewed.data.code).not.toBe(old);
  expect((await client(b, {}).get(`/api/site/getOneCode?code=${old}`)).code).toBe(-1);
  expect((await client(b, {}).get(`/api/site/getOneCode?code=${renewed.data.code}`)).code).toBe(0);
});
