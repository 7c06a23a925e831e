import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, type TestApp } from '../../../test/helpers.ts';
import { hashSecret } from '../../lib/password.ts';
import { card, client, makeCard, makeCardClient, simLogin, uniqueMobile } from '../iot-money/test-kit.ts';
import { validId } from '../orders/test-kit.ts';
import { agreeToPrivacy, pngWithMetadata, upload } from '../uploads/test-kit.ts';

let t: TestApp;
let clock = Date.now();
beforeAll(async () => {
  t = await createTestApp({ now: () => clock, realnameReviewMs: 0 });
});
afterAll(async () => t.close());

const ip = () => `10.66.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;

/** A card that is not real-named (platform check required), logged in, with its three photos uploaded. */
async function unverifiedCard() {
  const made = await makeCardClient(t.app, { realname: false, platformAuthRequired: true, mobile: uniqueMobile() });
  const headers = await simLogin(t.app, made.simNo);
  await agreeToPrivacy(t.app, headers);
  const photo = async (purpose: string) => (await upload(t.app, '/api/iot/upload', headers, pngWithMetadata(), purpose)).data.id;
  const photos = { facePhoto: await photo('face'), idFrontPhoto: await photo('idFront'), idBackPhoto: await photo('idBack') };
  return { ...made, headers, photos, c: client(t.app, headers) };
}

const realnameInfo = async (c: ReturnType<typeof client>) => (await c.get('/api/iot/simRealnameInfo')).data;

describe('platform real-name', () => {
  it('moves not verified → under review → verified, and simInfo follows', async () => {
    const { c, photos } = await unverifiedCard();
    const before = (await c.get('/api/iot/simInfo')).data;
    expect(before).toMatchObject({ authPlatformStatus: 0, needPlatformAuth: true, platformAuthType: 2 });
    const r = await c.post('/api/iot/simPlatformAuth', { name: '张小三', idNumber: validId('19900101', '123').toLowerCase(), ...photos });
    expect(r.code).toBe(0);
    expect(r.data).toMatchObject({ kind: 'platform', status: 'pending', nameMasked: '张*三', reason: '', decidedAt: null });
    expect(r.data.idNumberMasked).toMatch(/^110\*{11}\d{3}[0-9X]$/);
    const pending = (await c.get('/api/iot/simInfo')).data;
    expect(pending).toMatchObject({ authPlatformStatus: 2, needPlatformAuth: true });
    const again = await c.post('/api/iot/simPlatformAuth', { name: '张小三', idNumber: validId(), ...photos });
    expect(again).toMatchObject({ code: -1, message: 'your real-name information is under review' });

    const simId = (await card(t.app, (await c.get('/api/iot/simInfo')).data.simNo)).id;
    const requestId = (await t.app.iotAccount.latestRequestId(simId, 'platform'))!;
    expect(await t.app.iotAccount.decide(requestId, { status: 'verified' })).toBe(true);
    expect(await t.app.iotAccount.decide(requestId, { status: 'rejected', reason: 'late' })).toBe(false);
    clock += 2_000;
    expect((await c.get('/api/iot/simInfo')).data).toMatchObject({ authPlatformStatus: 1, needPlatformAuth: false });
    expect((await realnameInfo(c)).platform).toMatchObject({ status: 'verified', decidedAt: clock - 2_000 });
    const afterDone = await c.post('/api/iot/simPlatformAuth', { name: '张小三', idNumber: validId(), ...photos });
    expect(afterDone).toMatchObject({ code: -1, message: 'real-name authentication is already complete' });
  });

  it('a rejected request shows its reason and may be submitted again', async () => {
    const { c, photos, simNo } = await unverifiedCard();
    await c.post('/api/iot/simPlatformAuth', { name: 'Li Lei', idNumber: validId(), ...photos });
    const simId = (await card(t.app, simNo)).id;
    await t.app.iotAccount.decide((await t.app.iotAccount.latestRequestId(simId, 'platform'))!, { status: 'rejected', reason: '照片模糊' });
    clock += 2_000;
    expect((await c.get('/api/iot/simInfo')).data.authPlatformStatus).toBe(3);
    expect((await realnameInfo(c)).platform).toMatchObject({ status: 'rejected', reason: '照片模糊' });
    const second = await c.post('/api/iot/simPlatformAuth', { name: 'Li Lei', idNumber: validId(), ...photos });
    expect(second.data.status).toBe('pending');
  });

  it('checks the §5 ID rule with its check digit, the name, and that the photos are the card’s own', async () => {
    const { c, photos } = await unverifiedCard();
    const good = validId();
    const wrongCheck = `${good.slice(0, 17)}${good[17] === '1' ? '2' : '1'}`;
    expect(await c.post('/api/iot/simPlatformAuth', { name: '王五', idNumber: wrongCheck, ...photos })).toMatchObject({
      code: -1,
      message: 'ID number: is not a valid Chinese ID number (18 characters with a correct check character)',
    });
    expect(await c.post('/api/iot/simPlatformAuth', { name: '王五', idNumber: '11010519900101123', ...photos })).toMatchObject({
      code: -1,
    });
    expect(await c.post('/api/iot/simPlatformAuth', { name: '王', idNumber: good, ...photos })).toMatchObject({ code: -1 });
    const other = await unverifiedCard();
    const stolen = await c.post('/api/iot/simPlatformAuth', { name: '王五', idNumber: good, ...photos, facePhoto: other.photos.facePhoto });
    expect(stolen).toMatchObject({ code: -1, message: 'Face photo: upload this photo first' });
    expect((await c.get('/api/iot/simInfo')).data.authPlatformStatus).toBe(0);
  });

  it('the simulated review approves a request once its time has come', async () => {
    const { c, photos, simNo } = await unverifiedCard();
    await c.post('/api/iot/simPlatformAuth', { name: '赵六', idNumber: validId(), ...photos });
    const simId = (await card(t.app, simNo)).id;
    await t.app.db.db
      .updateTable('iot_realname_requests')
      .set({ review_at: clock + 15_000 })
      .where('sim_id', '=', simId)
      .execute();
    const job = t.app.jobs.get('iot-account.realname-review')!;
    await job.run(clock + 14_000);
    expect((await card(t.app, simNo)).auth_platform_status).toBe(2);
    await job.run(clock + 15_000);
    expect((await card(t.app, simNo)).auth_platform_status).toBe(1);
  });
});

describe('official (carrier) real-name', () => {
  it("gives the carrier's page with the ICCID; its submission puts the card under review until the carrier answers", async () => {
    const { c, iccid, simNo } = await makeCardClient(t.app, { realname: false });
    const r = await c.get('/api/iot/simOfficialAuth?back=%2Fshop%2F%23%2Fpages%2Fiot%2Findex%2Findex');
    expect(r.code).toBe(0);
    expect(r.data).toMatchObject({ iccid, simNo, operatorType: 4 });
    expect(r.data.url).toBe(`/carrier/realname?iccid=${iccid}&op=4&back=%2Fshop%2F%23%2Fpages%2Fiot%2Findex%2Findex&lang=en`);
    const page = await t.app.inject({ url: r.data.url });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(iccid);
    expect(page.body).toContain('China Mobile · Real-name registration');

    const form = (fields: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/carrier/realname',
        payload: new URLSearchParams({ iccid, op: '4', back: '/shop/', lang: 'en', ...fields }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
    const bad = await form({ name: '孙七', idNumber: '123' });
    expect(bad.body).toContain('Enter a valid 18-character ID card number.');
    expect((await card(t.app, simNo)).auth_status).toBe(0);
    const sent = await form({ name: '孙七', idNumber: validId() });
    expect(sent.body).toContain('Submitted. The operator is reviewing it');
    expect((await card(t.app, simNo)).auth_status).toBe(2);
    clock += 2_000;
    expect((await c.get('/api/iot/simInfo')).data).toMatchObject({ authStatus: 2, needAuth: true });
    const simId = (await card(t.app, simNo)).id;
    await t.app.iotAccount.decide((await t.app.iotAccount.latestRequestId(simId, 'official'))!, { status: 'verified' });
    clock += 2_000;
    expect((await c.get('/api/iot/simInfo')).data).toMatchObject({ authStatus: 1, needAuth: false });
    expect((await form({ name: '孙七', idNumber: validId() })).body).toContain('This card is already registered.');
    expect(await c.get('/api/iot/simOfficialAuth')).toMatchObject({ code: -1, message: 'real-name authentication is already complete' });
  });

  it('a way back that is not an app page is replaced by the real-name page', async () => {
    const { c } = await makeCardClient(t.app, { realname: false });
    const r = await c.get('/api/iot/simOfficialAuth?back=https%3A%2F%2Fevil.example%2F');
    expect(new URL(r.data.url, 'http://x').searchParams.get('back')).toBe('/shop/#/pages/iot/index/realnameAuth/index');
  });

  it("deviceOfficialAuth gives the page of another SIM of the device, and refuses a SIM of another card's device", async () => {
    await t.app.db.db.updateTable('iot_sims').set({ auth_status: 0 }).where('sim_no', '=', '1440000000005').execute();
    const s = client(t.app, await simLogin(t.app, 'MF0000000001'));
    const own = await s.get('/api/iot/deviceOfficialAuth?simNo=1440000000005');
    expect(own.code).toBe(0);
    expect(own.data).toMatchObject({ simNo: '1440000000005', operatorType: 2 });
    expect(own.data.url).toContain('op=2');
    const { simNo } = await makeCard(t.app, { realname: false });
    expect(await s.get(`/api/iot/deviceOfficialAuth?simNo=${simNo}`)).toMatchObject({
      code: -1,
      message: 'Card number: this SIM is not in your device',
    });
  });
});

describe('bind phone', () => {
  const sendBind = (c: ReturnType<typeof client>, mobile: string) => c.post('/api/iot/simBindMobileCode', { mobile });

  it('binds a new phone by its code; SMS-code login then goes to the new phone', async () => {
    const { c, simNo } = await makeCardClient(t.app, { mobile: '' });
    const mobile = uniqueMobile();
    const sent = await sendBind(c, mobile);
    expect(sent.code).toBe(0);
    expect(sent.data.mobile).toBe(`${mobile.slice(0, 3)}****${mobile.slice(-4)}`);
    const wrong = await c.post('/api/iot/simBindMobile', { mobile, code: sent.data.devCode === '000000' ? '111111' : '000000' });
    expect(wrong).toMatchObject({ code: -1, message: 'Verification code: wrong code, 4 tries left' });
    // The code is for that phone only.
    expect(await c.post('/api/iot/simBindMobile', { mobile: uniqueMobile(), code: sent.data.devCode })).toMatchObject({ code: -1 });
    const bound = await c.post('/api/iot/simBindMobile', { mobile, code: sent.data.devCode });
    expect(bound).toMatchObject({ code: 0, data: { numbAuth: 1 } });
    expect((await card(t.app, simNo)).mobile).toBe(mobile);

    const addr = ip();
    const loginCode = body<{ mobile: string; devCode: string }>(
      await t.app.inject({ method: 'POST', url: '/api/simLoginCode', payload: { sn: simNo }, remoteAddress: addr }),
    );
    expect(loginCode.data.mobile).toBe(`${mobile.slice(0, 3)}****${mobile.slice(-4)}`);
    const session = body<{ token: string }>(
      await t.app.inject({
        method: 'POST',
        url: '/api/simLogin',
        payload: { sn: simNo, code: loginCode.data.devCode, agreeProtocol: true },
        remoteAddress: addr,
      }),
    );
    expect(session.code).toBe(0);
    expect(session.data.token.length).toBeGreaterThan(30);
  });

  it('replacing a bound phone needs the old phone’s code or the pay password; the old phone’s login code dies', async () => {
    const oldMobile = uniqueMobile();
    const { c, simNo, id } = await makeCardClient(t.app, { mobile: oldMobile });
    const addr = ip();
    const oldCode = body<{ devCode: string }>(
      await t.app.inject({ method: 'POST', url: '/api/simLoginCode', payload: { sn: simNo }, remoteAddress: addr }),
    );
    const mobile = uniqueMobile();
    const code = (await sendBind(c, mobile)).data.devCode;
    expect(await c.post('/api/iot/simBindMobile', { mobile, code })).toMatchObject({
      code: -1,
      message: 'Code sent to the current phone: enter the code sent to the bound phone, or the pay password',
    });
    expect(await c.post('/api/iot/simBindMobile', { mobile, code, payPassword: '135790' })).toMatchObject({
      code: -1,
      message: 'Pay password: no pay password is set: use a code sent to the bound phone',
    });
    // A second login code to the old phone, then rebinding with the first: it was replaced.
    clock += 61_000;
    const newer = body<{ devCode: string }>(
      await t.app.inject({ method: 'POST', url: '/api/simLoginCode', payload: { sn: simNo }, remoteAddress: addr }),
    );
    expect(newer.code).toBe(0);
    const bound = await c.post('/api/iot/simBindMobile', { mobile, code, oldCode: newer.data.devCode });
    expect(bound.code).toBe(0);
    expect((await card(t.app, simNo)).mobile).toBe(mobile);
    expect(
      await t.app.db.db.selectFrom('iot_login_codes').select('id').where('sim_id', '=', id).where('closed_at', 'is', null).execute(),
    ).toEqual([]);
    const stale = body(
      await t.app.inject({
        method: 'POST',
        url: '/api/simLogin',
        payload: { sn: simNo, code: oldCode.data.devCode, agreeProtocol: true },
        remoteAddress: addr,
      }),
    );
    expect(stale.code).toBe(-1);

    // With a pay password set, it may prove the holder instead; a wrong one counts towards the lock.
    await t.app.db.db
      .updateTable('iot_sims')
      .set({ pay_password_hash: await hashSecret('135790') })
      .where('id', '=', id)
      .execute();
    clock += 61_000;
    const third = uniqueMobile();
    const code3 = (await sendBind(c, third)).data.devCode;
    expect(await c.post('/api/iot/simBindMobile', { mobile: third, code: code3, payPassword: '000000' })).toMatchObject({
      code: -1,
      message: 'Pay password: wrong pay password, 4 tries left',
    });
    expect((await c.post('/api/iot/simBindMobile', { mobile: third, code: code3, payPassword: '135790' })).code).toBe(0);
    expect((await card(t.app, simNo)).mobile).toBe(third);
  });

  it('keeps the OTP rules: one code a minute, five tries per code, the same phone refused', async () => {
    const mobile = uniqueMobile();
    const { c } = await makeCardClient(t.app, { mobile: '' });
    expect((await sendBind(c, mobile)).code).toBe(0);
    expect(await sendBind(c, mobile)).toMatchObject({ code: -1 });
    clock += 61_000;
    const code = (await sendBind(c, mobile)).data.devCode as string;
    const wrong = code === '000000' ? '111111' : '000000';
    for (let left = 4; left >= 1; left--) {
      expect((await c.post('/api/iot/simBindMobile', { mobile, code: wrong })).message).toBe(
        `Verification code: wrong code, ${left} ${left === 1 ? 'try' : 'tries'} left`,
      );
    }
    expect((await c.post('/api/iot/simBindMobile', { mobile, code: wrong })).message).toBe(
      'Verification code: wrong code entered too many times, request a new one',
    );
    expect((await c.post('/api/iot/simBindMobile', { mobile, code })).code).toBe(-1);

    const bound = await makeCardClient(t.app, { mobile });
    expect(await bound.c.post('/api/iot/simBindMobileCode', { mobile })).toMatchObject({
      code: -1,
      message: 'Mobile number: this phone is already bound to the card',
    });
  });

  it('bindPhoneMode 2: buying waits for a bound phone', async () => {
    const { c, simNo } = await makeCardClient(t.app, { mobile: '', balance: 10_000 });
    await t.app.db.db.updateTable('iot_sims').set({ bind_phone_mode: 2, numb_auth: 2 }).where('sim_no', '=', simNo).execute();
    clock += 2_000;
    expect((await c.get('/api/iot/simInfo')).data.bindPhoneMode).toBe(2);
    const pkg = await t.app.db.db
      .selectFrom('iot_packages')
      .select('id')
      .where('promo_code', '=', 'demo')
      .where('kind', '=', 'base')
      .where('stock', 'is', null)
      .executeTakeFirstOrThrow();
    const refused = await c.post('/api/iot/buyPackage', { packageId: pkg.id, payMethod: 'balance', effect: 'now' });
    expect(refused).toMatchObject({ code: -1, message: 'Mobile number: bind a phone to the card before buying' });
  });
});

describe('consent before real-name photos', () => {
  it('ID and face photos are refused until the holder agrees to the privacy policy in force; the consent is recorded with its version and time', async () => {
    const made = await makeCardClient(t.app, { realname: false, platformAuthRequired: true, mobile: uniqueMobile() });
    const headers = await simLogin(t.app, made.simNo);
    const c = client(t.app, headers);
    const privacy = (await c.get('/api/iot/protocol?type=privacy')).data;
    const before = await realnameInfo(c);
    expect(before.consent).toBeNull();
    expect(before.consentVersion).toBe(privacy.version);

    for (const purpose of ['face', 'idFront', 'idBack']) {
      const refused = await upload(t.app, '/api/iot/upload', headers, pngWithMetadata(), purpose);
      expect(refused).toMatchObject({
        code: -1,
        message: 'Photo: please read and agree to the privacy policy before uploading ID and face photos',
      });
    }
    const zh = await t.app.inject({
      method: 'POST',
      url: '/api/iot/simPlatformAuth',
      payload: {
        name: '张小三',
        idNumber: validId(),
        facePhoto: 'a'.repeat(32),
        idFrontPhoto: 'b'.repeat(32),
        idBackPhoto: 'c'.repeat(32),
      },
      headers: { ...headers, 'accept-language': 'zh-CN' },
    });
    expect(zh.json()).toMatchObject({ code: -1, message: '人脸照片：请先阅读并同意隐私政策，再上传证件和人脸照片' });
    expect(await t.app.db.db.selectFrom('uploads').select('id').where('owner', '=', `sim:${made.id}`).execute()).toEqual([]);

    // A version other than the one in force (the text changed since it was shown) is refused.
    expect(await c.post('/api/iot/realnameConsent', { version: privacy.version + 1 })).toMatchObject({
      code: -1,
      message: 'Privacy policy version: the privacy policy has changed: read the current version and agree to it again',
    });
    expect((await c.post('/api/iot/realnameConsent', { version: 0 })).code).toBe(-1);

    clock += 1000;
    const agreed = await c.post('/api/iot/realnameConsent', { version: privacy.version });
    expect(agreed).toMatchObject({ code: 0, data: { version: privacy.version, agreedAt: clock } });
    const rows = await t.app.db.db.selectFrom('iot_realname_consents').selectAll().where('sim_id', '=', made.id).execute();
    expect(rows.map((r) => [r.version, Number(r.agreed_at)])).toEqual([[privacy.version, clock]]);
    expect((await realnameInfo(c)).consent).toEqual({ version: privacy.version, agreedAt: clock });

    const photo = async (purpose: string) => (await upload(t.app, '/api/iot/upload', headers, pngWithMetadata(), purpose)).data.id;
    const photos = { facePhoto: await photo('face'), idFrontPhoto: await photo('idFront'), idBackPhoto: await photo('idBack') };
    expect((await c.post('/api/iot/simPlatformAuth', { name: '张小三', idNumber: validId(), ...photos })).code).toBe(0);
  });
});
