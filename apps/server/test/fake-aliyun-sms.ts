import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for Alibaba Cloud SMS (Dysmsapi 2017-05-25) on an ephemeral local port, for the test
 * suite. It checks every request as the gateway does: the RPC signature recomputed from the
 * parameters it received with the secret of the test's access key (HMAC-SHA1, its own encoder, not
 * the adapter's), the access key, the timestamp (±15 min) and a nonce never used before. It keeps
 * what each accepted message asked for and makes delivery receipts as the gateway pushes them.
 */

export interface FakeSms {
  endpoint: string;
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  /** The messages accepted, in order. */
  sent: { phone: string; signName: string; template: string; params: Record<string, string>; bizId: string }[];
  /** Requests refused for their signature. */
  refusedSignatures: number;
  /** Template codes the gateway knows (any other is refused as illegal). */
  templates: Set<string>;
  /** When set, requests are held this long before the answer (a gateway that does not answer in time). */
  stallMs: number;
  /** A receipt as the gateway pushes it (one element of the JSON array). */
  receipt(bizId: string, delivered: boolean): Record<string, unknown>;
  close(): Promise<void>;
}

/** RFC 3986 percent-encoding byte by byte: A-Z a-z 0-9 - _ . ~ stay, every other byte is %XX. */
function encode(value: string): string {
  let out = '';
  for (const byte of Buffer.from(value, 'utf8')) {
    const c = String.fromCharCode(byte);
    out += /[A-Za-z0-9\-_.~]/.test(c) ? c : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

function expectedSignature(method: string, params: URLSearchParams, secret: string): string {
  const pairs = [...params.entries()].filter(([k]) => k !== 'Signature').sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const canonical = pairs.map(([k, v]) => `${encode(k)}=${encode(v)}`).join('&');
  return createHmac('sha1', `${secret}&`)
    .update(`${method}&${encode('/')}&${encode(canonical)}`)
    .digest('base64');
}

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });

export async function startFakeSms(): Promise<FakeSms> {
  const accessKeyId = `LTAI${randomBytes(8).toString('hex')}`;
  const accessKeySecret = randomBytes(15).toString('base64');
  const nonces = new Set<string>();
  const fake = {
    sent: [] as FakeSms['sent'],
    refusedSignatures: 0,
    templates: new Set<string>(),
    stallMs: 0,
  };
  const reply = (res: ServerResponse, status: number, body: Record<string, unknown>) => {
    res.writeHead(status, { 'content-type': 'application/json;charset=utf-8' });
    res.end(JSON.stringify({ RequestId: randomBytes(8).toString('hex'), ...body }));
  };
  const server = createServer(async (req, res) => {
    const raw = await readBody(req);
    if (fake.stallMs > 0) await new Promise((r) => setTimeout(r, fake.stallMs));
    if (res.destroyed) return;
    const url = new URL(req.url ?? '/', 'http://fake');
    const params = req.method === 'POST' ? new URLSearchParams(raw) : url.searchParams;
    const p = (name: string) => params.get(name) ?? '';
    if (url.pathname !== '/') return reply(res, 404, { Code: 'InvalidAction.NotFound', Message: 'Specified api is not found' });
    if (p('AccessKeyId') !== accessKeyId)
      return reply(res, 404, { Code: 'InvalidAccessKeyId.NotFound', Message: 'Specified access key is not found.' });
    if (p('SignatureMethod') !== 'HMAC-SHA1' || p('SignatureVersion') !== '1.0' || p('Format') !== 'JSON')
      return reply(res, 400, { Code: 'MissingParameter', Message: 'signature method, version or format' });
    const expected = Buffer.from(expectedSignature(req.method ?? 'GET', params, accessKeySecret));
    const given = Buffer.from(p('Signature'));
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
      fake.refusedSignatures += 1;
      return reply(res, 400, { Code: 'SignatureDoesNotMatch', Message: 'Specified signature is not matched with our calculation.' });
    }
    const at = Date.parse(p('Timestamp'));
    if (!/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/.test(p('Timestamp')) || Math.abs(Date.now() - at) > 15 * 60_000)
      return reply(res, 400, { Code: 'InvalidTimeStamp.Expired', Message: 'Specified time stamp or date value is expired.' });
    if (!p('SignatureNonce') || nonces.has(p('SignatureNonce')))
      return reply(res, 400, { Code: 'SignatureNonceUsed', Message: 'Specified signature nonce was used already.' });
    nonces.add(p('SignatureNonce'));
    if (p('Action') !== 'SendSms' || p('Version') !== '2017-05-25')
      return reply(res, 400, { Code: 'InvalidAction.NotFound', Message: 'Specified api is not found' });
    if (!fake.templates.has(p('TemplateCode'))) return reply(res, 200, { Code: 'isv.SMS_TEMPLATE_ILLEGAL', Message: 'template illegal' });
    const bizId = `${Date.now()}${randomBytes(4).toString('hex')}^0`;
    fake.sent.push({
      phone: p('PhoneNumbers'),
      signName: p('SignName'),
      template: p('TemplateCode'),
      params: JSON.parse(p('TemplateParam') || '{}'),
      bizId,
    });
    return reply(res, 200, { Code: 'OK', Message: 'OK', BizId: bizId });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const stamp = () => new Date().toISOString().slice(0, 19).replace('T', ' ');
  return Object.assign(fake, {
    endpoint: `http://127.0.0.1:${port}/`,
    accessKeyId,
    accessKeySecret,
    signName: 'SIM商城',
    receipt(bizId: string, delivered: boolean) {
      const m = fake.sent.find((s) => s.bizId === bizId);
      return {
        phone_number: m?.phone ?? '',
        send_time: stamp(),
        report_time: stamp(),
        success: delivered,
        err_code: delivered ? 'DELIVERED' : 'MK:0001',
        err_msg: delivered ? '用户接收成功' : '空号',
        sms_size: '1',
        biz_id: bizId,
        out_id: '',
      };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
