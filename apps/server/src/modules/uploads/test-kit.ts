/** Images and multipart bodies for tests of calls that take uploads (imported by tests only). */
import { randomBytes } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import type { App } from '../../lib/route.ts';

function crc32(buf: Buffer): number {
  let c = ~0;
  for (const byte of buf) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
  }
  return ~c >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** A valid 2×2 PNG (RGB) with a text chunk and an eXIf chunk that carry `secret`. */
export function pngWithMetadata(secret = 'GPS 31.2304N 121.4737E'): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(2, 0);
  ihdr.writeUInt32BE(2, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  const rows = Buffer.from([0, 255, 0, 0, 0, 141, 113, 0, 0, 0, 255, 255, 255, 255]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('tEXt', Buffer.from(`Comment\0${secret}`, 'latin1')),
    pngChunk('eXIf', Buffer.concat([Buffer.from('MM\0*'), Buffer.from(secret, 'latin1')])),
    pngChunk('IDAT', deflateSync(rows)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

const segment = (marker: number, data: Buffer) => {
  const head = Buffer.from([0xff, marker, 0, 0]);
  head.writeUInt16BE(data.length + 2, 2);
  return Buffer.concat([head, data]);
};

/** A JPEG's structure (JFIF, an EXIF segment carrying `secret`, a comment, tables, scan data). */
export function jpegWithMetadata(secret = 'GPS 31.2304N 121.4737E'): Buffer {
  return Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    segment(0xe0, Buffer.from('JFIF\0\x01\x01\0\0\x01\0\x01\0\0', 'latin1')),
    segment(0xe1, Buffer.concat([Buffer.from('Exif\0\0MM\0*', 'latin1'), Buffer.from(secret, 'latin1')])),
    segment(0xfe, Buffer.from(secret, 'latin1')),
    segment(0xdb, Buffer.alloc(65, 1)),
    segment(0xc0, Buffer.from([8, 0, 2, 0, 2, 1, 1, 0x11, 0])),
    segment(0xda, Buffer.from([1, 1, 0, 0, 0x3f, 0])),
    Buffer.from([0x12, 0x34, 0xff, 0x00, 0x56]),
    Buffer.from([0xff, 0xd9]),
  ]);
}

const riffChunk = (type: string, data: Buffer) => {
  const head = Buffer.alloc(8);
  head.write(type, 0, 'latin1');
  head.writeUInt32LE(data.length, 4);
  return Buffer.concat([head, data, data.length % 2 ? Buffer.alloc(1) : Buffer.alloc(0)]);
};

/** An extended WebP (VP8X announcing EXIF and XMP, a lossless picture, EXIF and XMP chunks carrying `secret`). */
export function webpWithMetadata(secret = 'GPS 31.2304N 121.4737E'): Buffer {
  const vp8x = Buffer.alloc(10);
  vp8x[0] = 0x0c;
  const body = Buffer.concat([
    riffChunk('VP8X', vp8x),
    riffChunk('VP8L', Buffer.from([0x2f, 0x01, 0x40, 0x00, 0x00, 0x07, 0x10, 0x11, 0x11, 0x88, 0x88, 0xfe, 0x07, 0x00])),
    riffChunk('EXIF', Buffer.from(`MM\0*${secret}`, 'latin1')),
    riffChunk('XMP ', Buffer.from(`<x:xmpmeta>${secret}</x:xmpmeta>`, 'latin1')),
  ]);
  const head = Buffer.alloc(12);
  head.write('RIFF', 0, 'latin1');
  head.writeUInt32LE(body.length + 4, 4);
  head.write('WEBP', 8, 'latin1');
  return Buffer.concat([head, body]);
}

export interface Part {
  name: string;
  value: string | Buffer;
  filename?: string;
  type?: string;
}

/** A multipart/form-data body of the parts, in order, with its content type. */
export function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----simshop${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename ? `; filename="${p.filename}"` : ''}`;
    const type = p.filename ? `\r\nContent-Type: ${p.type ?? 'application/octet-stream'}` : '';
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`),
      Buffer.from(p.value),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Uploads `image` as `purpose` to `url` with the caller's headers; the reply envelope. */
export async function upload(
  app: App,
  url: '/api/iot/upload' | '/api/shop/upload',
  headers: Record<string, string>,
  image: Buffer,
  purpose = 'document',
  filename = 'photo.jpg',
) {
  const form = multipart([
    { name: 'purpose', value: purpose },
    { name: 'file', value: image, filename, type: 'image/jpeg' },
  ]);
  const res = await app.inject({ method: 'POST', url, payload: form.payload, headers: { ...headers, ...form.headers } });
  return res.json() as { code: number; message: string; data: { id: string; url: string; mime: string; size: number; purpose: string } };
}

/** The card's holder agrees to the privacy policy in force, as the app does before ID and face photos. */
export async function agreeToPrivacy(app: App, headers: Record<string, string>): Promise<void> {
  const info = (await app.inject({ url: '/api/iot/simRealnameInfo', headers })).json();
  const r = (
    await app.inject({ method: 'POST', url: '/api/iot/realnameConsent', payload: { version: info.data.consentVersion }, headers })
  ).json();
  if (r.code !== 0) throw new Error(`consent refused: ${r.message}`);
}
