import { randomBytes, randomInt } from 'node:crypto';
import type { OperatorRole } from '@simshop/contract/admin';
import { generate } from 'otplib';
import { depsOf } from '../../lib/deps.ts';
import type { App } from '../../lib/route.ts';
import { createOperator } from './service.ts';

/** Helpers of the console's API tests (imported by tests only). */

export interface TestOperator {
  id: number;
  mobile: string;
  password: string;
  secret: string;
  role: OperatorRole;
  promoterId: number | null;
}

export const randomIp = () => `10.${randomInt(1, 250)}.${randomInt(0, 250)}.${randomInt(0, 250)}`;
const mobileOf = () => `17${String(randomInt(0, 1_000_000_000)).padStart(9, '0')}`;

/** An operator of its own (a random mobile, password and TOTP secret). */
export async function makeOperator(app: App, role: OperatorRole, promoterId: number | null = null): Promise<TestOperator> {
  const mobile = mobileOf();
  const password = `pw-${randomBytes(6).toString('hex')}`;
  const made = await createOperator(depsOf(app), { mobile, name: `op ${mobile}`, role, promoterId, password });
  return { id: made.id, mobile, password, secret: made.totpSecret, role, promoterId };
}

/** The TOTP code of a secret at the app's clock, `offsetSteps` time steps away. */
export const totpOf = (app: App, secret: string, offsetSteps = 0) =>
  generate({ secret, epoch: Math.floor(app.config.now() / 1000) + offsetSteps * 30 });

/** Signs the operator in (password, then the TOTP code); the Authorization header of the session. */
export async function signIn(app: App, op: TestOperator, ip = randomIp()): Promise<{ authorization: string }> {
  const headers = { 'x-forwarded-for': ip };
  const first = await app.inject({
    method: 'POST',
    url: '/api/admin/login',
    payload: { mobile: op.mobile, password: op.password },
    headers,
  });
  const step1 = first.json() as { code: number; message: string; data: { challenge: string } };
  if (step1.code !== 0) throw new Error(`password step failed: ${step1.message}`);
  // A code may be used once: wait out a step another sign-in of this operator used.
  for (let offset = 0; offset < 2; offset++) {
    const code = await totpOf(app, op.secret, offset);
    const res = await app.inject({
      method: 'POST',
      url: '/api/admin/login/totp',
      payload: { challenge: step1.data.challenge, code },
      headers,
    });
    const step2 = res.json() as { code: number; message: string; data: { token: string } };
    if (step2.code === 0) return { authorization: `Bearer ${step2.data.token}` };
  }
  throw new Error('TOTP step failed');
}
