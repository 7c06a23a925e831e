import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeKuaidi100, startFakeKuaidi100, SAMPLE_TRACK as TRACK } from './fake-kuaidi100.ts';
import { chinaTime, Kuaidi100, md5Upper, readKuaidi100Push } from './kuaidi100.ts';
import { LogisticsError, type ShipmentRef } from './provider.ts';

const SALT = 'push-salt-0123';
let seq = 0;
/** A tracking number no other test uses. */
const trackingNo = () => {
  seq += 1;
  return `SF${Date.now() % 1e9}${String(seq).padStart(4, '0')}`;
};

function ref(no: string, company = 'shunfeng'): ShipmentRef {
  return {
    trackingNo: no,
    companyCode: company,
    fromArea: '440300',
    toArea: '110101',
    fromCity: '深圳市',
    toCity: '北京市东城区',
    createdAt: 0,
  };
}

describe('Kuaidi100 adapter against the fake service', () => {
  let fake: FakeKuaidi100;
  let k: Kuaidi100;
  const settings = () => ({
    baseUrl: fake.url,
    key: fake.key,
    customer: fake.customer,
    salt: SALT,
    callbackUrl: 'https://shop.example.com/api/logistics/kuaidi100/push',
    company: 'shunfeng',
    timeoutMs: 2_000,
  });
  beforeAll(async () => {
    fake = await startFakeKuaidi100();
    k = new Kuaidi100(settings());
  });
  afterAll(async () => {
    await fake.close();
  });

  it('subscribes a parcel with the key, the callback URL, the salt and resultv2; a repeated subscription is no error', async () => {
    const no = trackingNo();
    await k.subscribe(ref(no));
    expect(fake.subscriptions.get(no)).toEqual({
      company: 'shunfeng',
      callbackurl: 'https://shop.example.com/api/logistics/kuaidi100/push',
      salt: SALT,
      from: '深圳市',
      to: '北京市东城区',
    });
    const sent = fake.requests.find((r) => r.path === '/poll' && JSON.parse(r.form.param ?? '{}').number === no);
    expect(sent?.form.schema).toBe('json');
    expect(JSON.parse(sent?.form.param ?? '{}')).toMatchObject({ key: fake.key, parameters: { resultv2: '1' } });
    // 501 (already subscribed) is what a retry after a lost answer meets.
    await expect(k.subscribe(ref(no))).resolves.toBeUndefined();
  });

  it('refuses a bad key as an authorisation error', async () => {
    const bad = new Kuaidi100({ ...settings(), key: 'not-the-key' });
    const err = await bad.subscribe(ref(trackingNo())).catch((e) => e);
    expect(err).toBeInstanceOf(LogisticsError);
    expect(err).toMatchObject({ reason: 'auth', message: expect.stringContaining('600') });
  });

  it('queries a track signed MD5(param + key + customer) and reads it oldest first with status and division codes', async () => {
    const no = trackingNo();
    fake.addParcel('shunfeng', no, TRACK, '0');
    const events = await k.track(ref(no));
    expect(events).toEqual([
      {
        at: Date.UTC(2026, 2, 20, 2, 30, 0),
        status: 'collected',
        areaCode: '440300',
        text: '【深圳市】顺丰速运 已收取快件',
        place: '广东,深圳市',
      },
      {
        at: Date.UTC(2026, 2, 20, 10, 2, 11),
        status: 'in_transit',
        areaCode: '440300',
        text: '【深圳市】快件已从 深圳转运中心 发出',
        place: '广东,深圳市',
      },
      {
        at: Date.UTC(2026, 2, 21, 1, 15, 0),
        status: 'in_transit',
        areaCode: '110101',
        text: '【北京市】快件已到达 北京东城营业部',
        place: '北京,东城区',
      },
    ]);
    const sent = fake.requests.findLast((r) => r.path === '/poll/query.do');
    expect(sent?.form.sign).toBe(md5Upper(`${sent?.form.param}${fake.key}${fake.customer}`));
  });

  it('names an unknown number, a bad customer and throttling', async () => {
    await expect(k.track(ref(trackingNo()))).rejects.toMatchObject({ reason: 'unknown', message: expect.stringContaining('500') });
    const stranger = new Kuaidi100({ ...settings(), customer: 'SOMEONEELSE' });
    await expect(stranger.track(ref(trackingNo()))).rejects.toMatchObject({ reason: 'auth' });
    const no = trackingNo();
    fake.addParcel('shunfeng', no, TRACK, '0');
    fake.qps = 1;
    try {
      const results = await Promise.allSettled([k.track(ref(no)), k.track(ref(no)), k.track(ref(no))]);
      const refused = results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason);
      expect(refused.length).toBeGreaterThanOrEqual(1);
      expect(refused[0]).toMatchObject({ reason: 'throttled', message: expect.stringContaining('502') });
    } finally {
      fake.qps = 0;
    }
  });

  it('an unreachable service is unavailable', async () => {
    const gone = new Kuaidi100({ ...settings(), baseUrl: 'http://127.0.0.1:9' });
    await expect(gone.track(ref(trackingNo()))).rejects.toMatchObject({ reason: 'unavailable' });
  });

  it('reads a push signed with the salt, a signed-for track as delivered; refuses a wrong or missing signature', async () => {
    const no = trackingNo();
    await k.subscribe(ref(no));
    fake.addParcel(
      'shunfeng',
      no,
      [
        {
          time: '2026-03-22 14:00:00',
          context: '已签收，签收人：本人',
          status: '签收',
          areaCode: 'CN110101000000',
          areaName: '北京,东城区',
        },
        ...TRACK,
      ],
      '3',
    );
    const form = fake.pushForm(no);
    const push = readKuaidi100Push(form, SALT);
    expect(push).toMatchObject({ companyCode: 'shunfeng', trackingNo: no, pushStatus: 'shutdown' });
    expect(push?.events.map((e) => e.status)).toEqual(['collected', 'in_transit', 'in_transit', 'delivered']);
    expect(readKuaidi100Push(fake.pushForm(no, 'another-salt'), SALT)).toBeNull();
    expect(readKuaidi100Push({ ...form, param: form.param.replace('本人', '他人') }, SALT)).toBeNull();
    expect(readKuaidi100Push({ param: form.param }, SALT)).toBeNull();
  });

  it('reads China time', () => {
    expect(chinaTime('2026-01-01 08:00:00')).toBe(Date.UTC(2026, 0, 1, 0, 0, 0));
    expect(chinaTime('yesterday')).toBeNaN();
  });
});
