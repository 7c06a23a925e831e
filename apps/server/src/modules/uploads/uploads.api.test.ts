import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { makeCardClient, simLogin } from '../iot-money/test-kit.ts';
import { makeBuyer } from '../orders/test-kit.ts';
import { agreeToPrivacy, jpegWithMetadata, multipart, pngWithMetadata, upload, webpWithMetadata } from './test-kit.ts';

const SECRET = 'GPS 31.2304N 121.4737E';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ uploadMaxBytes: 1_048_576 });
});
afterAll(async () => t.close());

const simHeaders = async () => {
  const { simNo } = await makeCardClient(t.app);
  const headers = await simLogin(t.app, simNo);
  await agreeToPrivacy(t.app, headers);
  return headers;
};
const fetchFile = (url: string, headers: Record<string, string>) => t.app.inject({ url, headers });
/** Every stored file under the upload directory. */
const storedFiles = () =>
  readdirSync(t.config.uploadDir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name));

describe('uploads: type by content, limits, metadata', () => {
  it('keeps a PNG under a random name outside the web root, without its text and EXIF chunks', async () => {
    const headers = await simHeaders();
    const original = pngWithMetadata(SECRET);
    const r = await upload(t.app, '/api/iot/upload', headers, original, 'idFront', 'front.png');
    expect(r.code).toBe(0);
    expect(r.data.mime).toBe('image/png');
    expect(r.data.purpose).toBe('idFront');
    expect(r.data.id).toMatch(/^[0-9a-f]{32}$/);
    expect(r.data.url).toBe(`/api/files/${r.data.id}`);
    expect(r.data.size).toBe(original.length - (12 + 8 + SECRET.length) - (12 + 4 + SECRET.length));
    const onDisk = storedFiles().find((f) => f.endsWith(r.data.id))!;
    expect(path.relative(t.config.uploadDir, onDisk)).toBe(path.join(r.data.id.slice(0, 2), r.data.id));
    expect(path.relative(t.config.webDir, onDisk).startsWith('..')).toBe(true);
    const stored = readFileSync(onDisk);
    expect(stored.includes(SECRET)).toBe(false);
    expect(stored.includes('IDAT')).toBe(true);
    const res = await fetchFile(r.data.url, headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(Buffer.compare(res.rawPayload, stored)).toBe(0);
  });

  it('removes EXIF and comments from a JPEG and EXIF/XMP from a WebP, keeping the picture', async () => {
    const headers = await simHeaders();
    const jpeg = await upload(t.app, '/api/iot/upload', headers, jpegWithMetadata(SECRET), 'face');
    expect(jpeg.code).toBe(0);
    expect(jpeg.data.mime).toBe('image/jpeg');
    const jpegBytes = (await fetchFile(jpeg.data.url, headers)).rawPayload;
    expect(jpegBytes.includes(SECRET)).toBe(false);
    expect(jpegBytes.includes('JFIF')).toBe(true);
    expect([...jpegBytes.subarray(-7)]).toEqual([0x12, 0x34, 0xff, 0x00, 0x56, 0xff, 0xd9]);

    const webp = await upload(t.app, '/api/iot/upload', headers, webpWithMetadata(SECRET), 'idBack', 'back.webp');
    expect(webp.code).toBe(0);
    expect(webp.data.mime).toBe('image/webp');
    const webpBytes = (await fetchFile(webp.data.url, headers)).rawPayload;
    expect(webpBytes.includes(SECRET)).toBe(false);
    expect(webpBytes.readUInt32LE(4)).toBe(webpBytes.length - 8);
    expect(webpBytes[20]! & 0x0c).toBe(0);
    expect(webpBytes.includes('VP8L')).toBe(true);
  });

  it('judges the type by the content: a script named .jpg and sent as image/jpeg is refused, and so is a GIF', async () => {
    const headers = await simHeaders();
    const before = storedFiles().length;
    const html = await upload(t.app, '/api/iot/upload', headers, Buffer.from('<html><script>alert(1)</script></html>'), 'face', 'me.jpg');
    expect(html.code).toBe(-1);
    expect(html.message).toBe('Photo: only JPEG, PNG or WebP images are accepted');
    const gif = await upload(t.app, '/api/iot/upload', headers, Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'));
    expect(gif.code).toBe(-1);
    expect(gif.message).toBe('Photo: only JPEG, PNG or WebP images are accepted');
    // A PNG header on a broken body is not stored either.
    const broken = await upload(t.app, '/api/iot/upload', headers, pngWithMetadata().subarray(0, 40));
    expect(broken.message).toBe('Photo: the image is damaged');
    expect(storedFiles().length).toBe(before);
  });

  it('refuses a file over the size limit, an empty file, two files, and a request without a file', async () => {
    const headers = await simHeaders();
    const big = Buffer.concat([pngWithMetadata(), Buffer.alloc(1_048_576)]);
    const tooBig = await upload(t.app, '/api/iot/upload', headers, big);
    expect(tooBig.code).toBe(-1);
    expect(tooBig.message).toBe('Photo: the image is larger than 1 MB');
    const empty = await upload(t.app, '/api/iot/upload', headers, Buffer.alloc(0));
    expect(empty.message).toBe('Photo: the file is empty');
    const two = multipart([
      { name: 'file', value: pngWithMetadata(), filename: 'a.png' },
      { name: 'file2', value: pngWithMetadata(), filename: 'b.png' },
    ]);
    const twoRes = await t.app.inject({
      method: 'POST',
      url: '/api/iot/upload',
      payload: two.payload,
      headers: { ...headers, ...two.headers },
    });
    expect(twoRes.json()).toMatchObject({ code: -1, message: 'Photo: upload one image at a time' });
    const json = await t.app.inject({ method: 'POST', url: '/api/iot/upload', payload: { file: 'x' }, headers });
    expect(json.json()).toMatchObject({ code: -1, message: 'Photo: choose an image to upload' });
    const badPurpose = await upload(t.app, '/api/iot/upload', headers, pngWithMetadata(), 'selfie');
    expect(badPurpose).toMatchObject({ code: -1, message: 'Purpose: must be one of: idFront or idBack or face or document' });
  });

  it('answers malformed multipart (no boundary, an unterminated part, garbage) with a 400 envelope on every upload address, storing nothing', async () => {
    const sim = await simHeaders();
    const buyer = (await makeBuyer(t.app)).headers;
    const b = '----simshop-boundary';
    const part = (name: string, extra = '') => `--${b}\r\nContent-Disposition: form-data; name="${name}"${extra}\r\n\r\n`;
    const bodies: [string, string, string][] = [
      ['no boundary', 'multipart/form-data', `${part('file', '; filename="a.jpg"')}\xff\xd8\xff\r\n--${b}--\r\n`],
      ['an empty boundary', 'multipart/form-data; boundary=', '--\r\n\r\n'],
      ['an unterminated file part', `multipart/form-data; boundary=${b}`, `${part('file', '; filename="a.jpg"')}\xff\xd8\xff\xe0`],
      ['an unterminated field', `multipart/form-data; boundary=${b}`, `${part('purpose')}face`],
      ['a body that is not multipart', `multipart/form-data; boundary=${b}`, 'hello world'],
    ];
    const before = storedFiles().length;
    for (const [url, headers] of [
      ['/api/iot/upload', sim],
      ['/api/shop/upload', buyer],
      ['/api/shop/upload?purpose=idFront', buyer],
    ] as const) {
      for (const [what, type, payload] of bodies) {
        const res = await t.app.inject({
          method: 'POST',
          url,
          payload: Buffer.from(payload, 'latin1'),
          headers: { ...headers, 'content-type': type },
        });
        expect(res.statusCode, `${url}: ${what}`).toBe(400);
        expect(res.json(), `${url}: ${what}`).toEqual({ code: -1, message: 'the request is malformed', data: null });
      }
    }
    expect(storedFiles().length).toBe(before);
  });

  it('keeps nothing after the image: HTML after a JPEG end marker, a PNG IEND or a WebP RIFF is not stored or served', async () => {
    const headers = await simHeaders();
    const html = Buffer.from('<html><body><script>alert(document.domain)</script></body></html>');
    for (const [image, name] of [
      [jpegWithMetadata(SECRET), 'trailing.jpg'],
      [pngWithMetadata(SECRET), 'trailing.png'],
      [webpWithMetadata(SECRET), 'trailing.webp'],
    ] as const) {
      const r = await upload(t.app, '/api/iot/upload', headers, Buffer.concat([image, html]), 'face', name);
      expect(r.code, name).toBe(0);
      const served = (await fetchFile(r.data.url, headers)).rawPayload;
      expect(served.includes('<script>'), name).toBe(false);
      expect(served.length, name).toBe(r.data.size);
      if (r.data.mime === 'image/jpeg') expect([...served.subarray(-2)]).toEqual([0xff, 0xd9]);
      if (r.data.mime === 'image/png') expect(served.subarray(-8, -4).toString('latin1')).toBe('IEND');
      if (r.data.mime === 'image/webp') expect(served.readUInt32LE(4)).toBe(served.length - 8);
    }
    // A progressive JPEG (tables and a second scan between scans): everything up to its end marker is kept.
    const progressive = Buffer.concat([
      jpegWithMetadata(SECRET).subarray(0, -2),
      Buffer.from([0xff, 0xc4, 0x00, 0x04, 0x00, 0x00]),
      Buffer.from([0xff, 0xda, 0x00, 0x08, 0x01, 0x01, 0x00, 0x00, 0x3f, 0x00]),
      Buffer.from([0x77, 0xff, 0xd3, 0x66]),
      Buffer.from([0xff, 0xd9]),
      html,
    ]);
    const p = await upload(t.app, '/api/iot/upload', headers, progressive, 'face');
    expect(p.code).toBe(0);
    const kept = (await fetchFile(p.data.url, headers)).rawPayload;
    expect([...kept.subarray(-6)]).toEqual([0x77, 0xff, 0xd3, 0x66, 0xff, 0xd9]);
    expect(kept.includes('<script>')).toBe(false);
    // A JPEG whose scan never ends (no end marker) is damaged, not kept with whatever follows.
    const endless = await upload(t.app, '/api/iot/upload', headers, Buffer.concat([jpegWithMetadata().subarray(0, -2), html]), 'face');
    expect(endless).toMatchObject({ code: -1, message: 'Photo: the image is damaged' });
  });

  it('needs a SIM session for /api/iot/upload and a buyer login for /api/shop/upload', async () => {
    const anon = await upload(t.app, '/api/iot/upload', {}, pngWithMetadata());
    expect(anon.code).toBe(34061);
    const anonShop = await upload(t.app, '/api/shop/upload', { 'x-session-id': 'ab'.repeat(16) }, pngWithMetadata());
    expect(anonShop.code).toBe(61);
  });
});

describe('uploads: served only to the owner', () => {
  it("a card's file is refused (404) to another card, to a buyer and to nobody", async () => {
    const owner = await simHeaders();
    const other = await simHeaders();
    const buyer = await makeBuyer(t.app);
    const r = await upload(t.app, '/api/iot/upload', owner, pngWithMetadata(), 'idFront');
    expect((await fetchFile(r.data.url, owner)).statusCode).toBe(200);
    for (const headers of [other, buyer.headers, {}]) {
      const res = await fetchFile(r.data.url, headers);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: -1, message: 'no such file' });
    }
    // The owner's token with another card's number is not the owner.
    const mismatched = await fetchFile(r.data.url, { ...owner, 'x-sim-no': other['x-sim-no']! });
    expect(mismatched.statusCode).toBe(404);
  });

  it("a buyer's file is served to that buyer only", async () => {
    const buyer = await makeBuyer(t.app);
    const another = await makeBuyer(t.app);
    const r = await upload(t.app, '/api/shop/upload', buyer.headers, jpegWithMetadata(), 'document');
    expect(r.code).toBe(0);
    expect((await fetchFile(r.data.url, buyer.headers)).statusCode).toBe(200);
    expect((await fetchFile(r.data.url, another.headers)).statusCode).toBe(404);
    expect((await fetchFile(r.data.url, await simHeaders())).statusCode).toBe(404);
  });

  it('an unknown or malformed id is not found', async () => {
    const headers = await simHeaders();
    expect((await fetchFile(`/api/files/${'0'.repeat(32)}`, headers)).statusCode).toBe(404);
    expect((await fetchFile('/api/files/..%2F..%2Fshop.db', headers)).json()).toMatchObject({ code: -1 });
  });

  it('a reader added by another module (operators) may see any file', async () => {
    const owner = await simHeaders();
    const r = await upload(t.app, '/api/iot/upload', owner, pngWithMetadata());
    t.app.uploads.addReader(async (req) => req.headers['x-test-operator'] === r.data.id);
    expect((await fetchFile(r.data.url, { 'x-test-operator': r.data.id })).statusCode).toBe(200);
    expect((await fetchFile(r.data.url, { 'x-test-operator': 'someone' })).statusCode).toBe(404);
  });

  it('ownedBy tells whether a file belongs to an owner', async () => {
    const { id, simNo } = await makeCardClient(t.app);
    const r = await upload(t.app, '/api/iot/upload', await simLogin(t.app, simNo), pngWithMetadata());
    expect((await t.app.uploads.ownedBy(r.data.id, `sim:${id}`))?.purpose).toBe('document');
    expect(await t.app.uploads.ownedBy(r.data.id, `sim:${id + 1}`)).toBeUndefined();
  });
});

describe('uploads: per owner limit', () => {
  it('an owner may upload 30 files an hour', async () => {
    const headers = await simHeaders();
    for (let i = 0; i < 30; i++) expect((await upload(t.app, '/api/iot/upload', headers, pngWithMetadata())).code).toBe(0);
    const over = await upload(t.app, '/api/iot/upload', headers, pngWithMetadata());
    expect(over).toMatchObject({ code: -1, message: 'too many uploads, please try again in an hour' });
  });
});
