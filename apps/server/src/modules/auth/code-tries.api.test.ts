import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestAppPair, type TestAppPair } from '../../../test/helpers.ts';
import { hex32 } from '../orders/test-kit.ts';

// The burst is split across two server instances on one database, as behind a load balancer.
let pair: TestAppPair;
beforeAll(async () => {
  pair = await createTestAppPair({ seedNumbers: 0 });
});
afterAll(async () => pair.close());

const mobileOfItsOwn = () => `135${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;

async function login(i: number, mobile: string, code: string) {
  const res = await pair.apps[i % 2]!.inject({
    method: 'POST',
    url: '/api/hk/login',
    payload: { mobile, code },
    headers: { 'x-session-id': hex32() },
  });
  return body(res);
}

describe('storefront SMS code tries under a burst on two instances', () => {
  it('100 concurrent logins with wrong codes: 5 compared, the rest refused, and the right code is refused after', async () => {
    const mobile = mobileOfItsOwn();
    const sent = body<{ devCode: string }>(
      await pair.apps[0].inject({
        method: 'POST',
        url: '/api/hk/sendCode',
        payload: { mobile },
        headers: { 'x-forwarded-for': '10.3.0.1' },
      }),
    );
    const code = sent.data.devCode;
    const wrong = Array.from({ length: 101 }, (_, i) => String(100_000 + i))
      .filter((c) => c !== code)
      .slice(0, 100);
    const replies = await Promise.all(wrong.map((c, i) => login(i, mobile, c)));
    expect(replies.every((r) => r.code === -1)).toBe(true);
    // The first four compared count down; the fifth compared and the refused ones say the code is spent.
    expect(
      replies
        .filter((r) => r.message.startsWith('Verification code: wrong code,'))
        .map((r) => r.message)
        .sort(),
    ).toEqual([
      'Verification code: wrong code, 1 try left',
      'Verification code: wrong code, 2 tries left',
      'Verification code: wrong code, 3 tries left',
      'Verification code: wrong code, 4 tries left',
    ]);
    expect(
      replies.filter((r) =>
        [
          'Verification code: too many wrong tries, request a new code',
          'Verification code: too many tries for this mobile, retry later',
        ].includes(r.message),
      ),
    ).toHaveLength(96);
    const row = await pair.apps[1].db.db.selectFrom('sms_codes').selectAll().where('mobile', '=', mobile).executeTakeFirstOrThrow();
    expect(row.attempts).toBe(5);
    expect(row.used_at).toBeNull();
    const right = await login(1, mobile, code);
    expect(right.code).toBe(-1);
    expect(right.message).toMatch(/^Verification code: too many (wrong )?tries/);
  });
});
