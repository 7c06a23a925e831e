import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeSms, startFakeSms } from '../../../test/fake-aliyun-sms.ts';
import { body, createTestApp, type TestApp } from '../../../test/helpers.ts';
import { makeCard, makeCardClient } from '../iot-money/test-kit.ts';
import { hex32 } from '../orders/test-kit.ts';

/** The gateway templates of the test: one code per message kind and language. */
const TEMPLATES = {
  SMS_TEMPLATE_LOGIN: 'en=SMS_100001,zh-Hans=SMS_100002,zh-Hant=SMS_100003',
  SMS_TEMPLATE_APPLY: 'en=SMS_200001,zh-Hans=SMS_200002,zh-Hant=SMS_200003',
  SMS_TEMPLATE_SIM_LOGIN: 'en=SMS_300001,zh-Hans=SMS_300002,zh-Hant=SMS_300003',
  SMS_TEMPLATE_BIND_PHONE: 'en=SMS_400001,zh-Hans=SMS_400002,zh-Hant=SMS_400003',
  SMS_TEMPLATE_DEVICE_AUTH: 'en=SMS_500001,zh-Hans=SMS_500002,zh-Hant=SMS_500003',
};
const RECEIPT_TOKEN = 'receipt-token-0123456789abcdef';
const METRICS_TOKEN = 'metrics-token-0123456789abcdef';

function gatewayEnv(fake: FakeSms, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    SEED_NUMBERS: '200',
    SMS_PROVIDER: 'aliyun',
    SMS_ENDPOINT: fake.endpoint,
    SMS_ACCESS_KEY_ID: fake.accessKeyId,
    SMS_ACCESS_KEY_SECRET: fake.accessKeySecret,
    SMS_SIGN_NAME: fake.signName,
    SMS_RECEIPT_TOKEN: RECEIPT_TOKEN,
    SMS_TIMEOUT_MS: '800',
    METRICS_TOKEN,
    ...TEMPLATES,
    ...extra,
  };
}

const uniqueMobile = () => `139${String(randomBytes(4).readUInt32BE() % 100_000_000).padStart(8, '0')}`;
const freshIp = () => `10.77.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;

async function sendCode(t: TestApp, mobile: string, language = 'en', scene = 'login') {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/hk/sendCode',
    payload: { mobile, scene },
    headers: { 'accept-language': language, 'x-forwarded-for': freshIp() },
  });
  expect(res.statusCode).toBe(200);
  return body<{ devCode?: string; expiresIn: number }>(res);
}

const lastTo = (fake: FakeSms, mobile: string) => fake.sent.filter((m) => m.phone === mobile).at(-1);

async function smsTotal(t: TestApp, outcome: string): Promise<number> {
  const res = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  const line = res.body.split('\n').find((l) => l.startsWith(`simshop_sms_total{outcome="${outcome}"}`));
  return line ? Number(line.split(' ').at(-1)) : 0;
}

const receipt = (t: TestApp, payload: unknown, query = `?token=${RECEIPT_TOKEN}`, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: `/api/sms/receipt${query}`, payload: payload as object, headers });

describe('SMS through the gateway', () => {
  let fake: FakeSms;
  let t: TestApp;
  beforeAll(async () => {
    fake = await startFakeSms();
    for (const list of Object.values(TEMPLATES)) for (const pair of list.split(',')) fake.templates.add(pair.split('=')[1]!);
    t = await createTestApp({}, gatewayEnv(fake));
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it("sends a login code with the template of the reader's language, and the code it carries logs in", async () => {
    const expected = { en: 'SMS_100001', 'zh-Hans': 'SMS_100002', 'zh-Hant': 'SMS_100003' } as const;
    for (const [language, template] of Object.entries(expected)) {
      const mobile = uniqueMobile();
      const reply = await sendCode(t, mobile, language);
      expect(reply.code).toBe(0);
      expect(reply.data).toEqual({ expiresIn: 300, resendIn: 60 });
      const sent = lastTo(fake, mobile)!;
      expect(sent.template).toBe(template);
      expect(sent.signName).toBe('SIM商城');
      expect(Object.keys(sent.params)).toEqual(['code']);
      expect(sent.params.code).toMatch(/^\d{6}$/);
      const sessionId = hex32();
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/hk/login',
        payload: { mobile, code: sent.params.code },
        headers: { 'x-session-id': sessionId },
      });
      expect(body(login).code).toBe(0);
      const [row] = await t.app.sms.byBizId(sent.bizId);
      expect(row).toMatchObject({ provider: 'aliyun', kind: 'login', language, template, status: 'sent' });
      expect(row!.mobile_masked).toBe(`${mobile.slice(0, 3)}****${mobile.slice(7)}`);
    }
  });

  it('sends each kind of code with its own template: application, SIM login, binding a phone, a phone on the device', async () => {
    const applicant = uniqueMobile();
    expect((await sendCode(t, applicant, 'zh-Hant', 'apply')).code).toBe(0);
    expect(lastTo(fake, applicant)!.template).toBe('SMS_200003');

    const bound = uniqueMobile();
    const card = await makeCard(t.app, { mobile: bound });
    const simCode = await t.app.inject({
      method: 'POST',
      url: '/api/simLoginCode',
      payload: { sn: card.simNo },
      headers: { 'accept-language': 'zh-Hans', 'x-forwarded-for': freshIp() },
    });
    expect(body(simCode)).toMatchObject({ code: 0, data: { expiresIn: 300, resendIn: 60 } });
    expect(body<{ devCode?: string }>(simCode).data.devCode).toBeUndefined();
    expect(lastTo(fake, bound)!.template).toBe('SMS_300002');

    const holder = await makeCardClient(t.app);
    const newPhone = uniqueMobile();
    const bind = await holder.c.post(
      '/api/iot/simBindMobileCode',
      { mobile: newPhone },
      { 'accept-language': 'en', 'x-forwarded-for': freshIp() },
    );
    expect(bind.code).toBe(0);
    expect(lastTo(fake, newPhone)!.template).toBe('SMS_400001');

    const guest = uniqueMobile();
    const env = { ip: freshIp(), now: Date.now(), language: 'zh-Hant' as const, log: t.app.log, echo: false };
    await t.app.iotLogin.sendTerminalCode(holder.id, holder.simNo, guest, env);
    expect(lastTo(fake, guest)!.template).toBe('SMS_500003');
  });

  it('keeps the code rules: one code a minute, five wrong tries close it, a used code does not log in twice', async () => {
    const mobile = uniqueMobile();
    expect((await sendCode(t, mobile)).code).toBe(0);
    const again = await sendCode(t, mobile);
    expect(again.code).toBe(-1);
    expect(again.message).toMatch(/^Mobile number: a code was sent less than a minute ago, retry in \d+ s$/);
    expect(fake.sent.filter((m) => m.phone === mobile)).toHaveLength(1);
    const code = lastTo(fake, mobile)!.params.code!;
    const wrong = code === '000000' ? '111111' : '000000';
    const tries: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/hk/login',
        payload: { mobile, code: wrong },
        headers: { 'x-session-id': hex32() },
      });
      tries.push(body(res).message);
    }
    expect(tries).toEqual([
      'Verification code: wrong code, 4 tries left',
      'Verification code: wrong code, 3 tries left',
      'Verification code: wrong code, 2 tries left',
      'Verification code: wrong code, 1 try left',
      'Verification code: too many wrong tries, request a new code',
    ]);
    const right = await t.app.inject({
      method: 'POST',
      url: '/api/hk/login',
      payload: { mobile, code },
      headers: { 'x-session-id': hex32() },
    });
    expect(body(right)).toMatchObject({ code: -1, message: 'Verification code: too many wrong tries, request a new code' });
  });

  it('records delivery receipts once each, counts them, and refuses a receipt without the token', async () => {
    const delivered = uniqueMobile();
    const lost = uniqueMobile();
    await sendCode(t, delivered);
    await sendCode(t, lost);
    const a = lastTo(fake, delivered)!;
    const b = lastTo(fake, lost)!;
    const before = { delivered: await smsTotal(t, 'delivered'), undelivered: await smsTotal(t, 'undelivered') };

    const forged = [fake.receipt(a.bizId, false)];
    const noToken = await receipt(t, forged, '');
    expect(noToken.statusCode).toBe(401);
    const wrongToken = await receipt(t, forged, '?token=not-the-receipt-token');
    expect(wrongToken.statusCode).toBe(401);
    expect(wrongToken.json()).toEqual({ code: 401, msg: 'unauthorized' });
    expect((await t.app.sms.byBizId(a.bizId))[0]!.status).toBe('sent');

    const res = await receipt(t, [fake.receipt(a.bizId, true), fake.receipt(b.bizId, false)]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 0, msg: '成功' });
    // The gateway pushes again when unsure: a repeated receipt changes nothing (by the header too).
    const repeat = await receipt(t, [fake.receipt(a.bizId, false)], '', { authorization: `Bearer ${RECEIPT_TOKEN}` });
    expect(repeat.json()).toEqual({ code: 0, msg: '成功' });
    expect((await t.app.sms.byBizId(a.bizId))[0]).toMatchObject({ status: 'delivered', detail: 'DELIVERED 用户接收成功' });
    expect((await t.app.sms.byBizId(b.bizId))[0]).toMatchObject({ status: 'undelivered', detail: 'MK:0001 空号' });
    expect(await smsTotal(t, 'delivered')).toBe(before.delivered + 1);
    expect(await smsTotal(t, 'undelivered')).toBe(before.undelivered + 1);

    const bad = await receipt(t, { biz_id: a.bizId });
    expect(bad.statusCode).toBe(400);
  });
});

describe('SMS gateway failures', () => {
  let fake: FakeSms;
  beforeAll(async () => {
    fake = await startFakeSms();
    for (const list of Object.values(TEMPLATES)) for (const pair of list.split(',')) fake.templates.add(pair.split('=')[1]!);
  });
  afterAll(async () => fake?.close());

  it('a request signed with the wrong secret is refused by the gateway, and the user is told in their language', async () => {
    const t = await createTestApp({}, gatewayEnv(fake, { SMS_ACCESS_KEY_SECRET: 'not-the-secret-of-this-key' }));
    try {
      const refusedBefore = fake.refusedSignatures;
      const failedBefore = await smsTotal(t, 'failed');
      const messages: Record<string, string> = {};
      for (const language of ['en', 'zh-Hans', 'zh-Hant']) {
        const mobile = uniqueMobile();
        const reply = await sendCode(t, mobile, language);
        expect(reply.code).toBe(-1);
        messages[language] = reply.message;
        expect(lastTo(fake, mobile)).toBeUndefined();
      }
      expect(messages).toEqual({
        en: 'the SMS could not be sent, please try again later',
        'zh-Hans': '短信发送失败，请稍后再试',
        'zh-Hant': '簡訊發送失敗，請稍後再試',
      });
      expect(fake.refusedSignatures).toBe(refusedBefore + 3);
      expect(await smsTotal(t, 'failed')).toBe(failedBefore + 3);
      const refused = await t.app.db.db.selectFrom('sms_messages').selectAll().where('status', '=', 'refused').execute();
      expect(refused).toHaveLength(3);
      expect(refused[0]!.detail).toMatch(/SignatureDoesNotMatch/);
    } finally {
      await t.close();
    }
  });

  it('a gateway that does not answer within the timeout gives the user the send-failed refusal, not a 5xx', async () => {
    const t = await createTestApp({}, gatewayEnv(fake, { SMS_TIMEOUT_MS: '500' }));
    try {
      fake.stallMs = 3_000;
      const mobile = uniqueMobile();
      const started = Date.now();
      const reply = await sendCode(t, mobile);
      expect(Date.now() - started).toBeLessThan(2_500);
      expect(reply).toMatchObject({ code: -1, message: 'the SMS could not be sent, please try again later' });
      const [row] = await t.app.db.db.selectFrom('sms_messages').selectAll().execute();
      expect(row).toMatchObject({ status: 'refused', detail: 'SMS not sent: no answer within 500 ms', biz_id: '' });
      // A SIM code too.
      const card = await makeCard(t.app, { mobile: uniqueMobile() });
      const sim = await t.app.inject({
        method: 'POST',
        url: '/api/simLoginCode',
        payload: { sn: card.simNo },
        headers: { 'x-forwarded-for': freshIp() },
      });
      expect(sim.statusCode).toBe(200);
      expect(body(sim)).toMatchObject({ code: -1, message: 'the SMS could not be sent, please try again later' });
    } finally {
      fake.stallMs = 0;
      await t.close();
    }
  });
});
