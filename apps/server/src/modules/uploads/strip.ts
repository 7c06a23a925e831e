/**
 * Removes metadata from JPEG, PNG and WebP images without decoding them: the picture data is kept
 * byte for byte, the segments or chunks that carry EXIF (camera, GPS position, time), XMP,
 * comments, text and thumbnails are dropped. Throws `CorruptImage` when the structure is broken.
 */

export type ImageMime = 'image/jpeg' | 'image/png' | 'image/webp';

export class CorruptImage extends Error {}

function need(ok: boolean): void {
  if (!ok) throw new CorruptImage('the image is damaged');
}

/**
 * JPEG: APP0 (JFIF), APP2 colour profiles and APP14 (Adobe colour transform) are kept, since they
 * change how the picture looks; every other application segment and comments go. Each scan's
 * entropy-coded data is kept as it is, up to the next marker (a progressive image has several scans
 * with tables between them); the image ends at the end marker (EOI), and nothing after it is kept
 * (HTML or a script appended to a picture). A JPEG without its end marker is damaged.
 */
function stripJpeg(b: Buffer): Buffer {
  need(b.length >= 4 && b[0] === 0xff && b[1] === 0xd8);
  const out: Buffer[] = [b.subarray(0, 2)];
  let pos = 2;
  for (;;) {
    need(pos + 1 < b.length && b[pos] === 0xff);
    while (pos + 1 < b.length && b[pos + 1] === 0xff) pos++;
    need(pos + 1 < b.length);
    const marker = b[pos + 1]!;
    if (marker === 0xd9) {
      out.push(b.subarray(pos, pos + 2));
      return Buffer.concat(out);
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      out.push(b.subarray(pos, pos + 2));
      pos += 2;
      continue;
    }
    need(pos + 4 <= b.length);
    const end = pos + 2 + b.readUInt16BE(pos + 2);
    need(end <= b.length && end > pos + 3);
    if (marker === 0xda) {
      // The scan header, then its entropy-coded data up to the next marker that is not a stuffed
      // 0xFF00 or a restart marker.
      const dataEnd = scanEnd(b, end);
      out.push(b.subarray(pos, dataEnd));
      pos = dataEnd;
      continue;
    }
    const segment = b.subarray(pos, end);
    const isIcc = marker === 0xe2 && segment.subarray(4, 16).toString('latin1') === 'ICC_PROFILE\0';
    const isApp = marker >= 0xe0 && marker <= 0xef;
    const keep = !isApp ? marker !== 0xfe : marker === 0xe0 || marker === 0xee || isIcc;
    if (keep) out.push(segment);
    pos = end;
  }
}

/** Where a scan's entropy-coded data starting at `from` ends: at the next real marker (damaged if none). */
function scanEnd(b: Buffer, from: number): number {
  let pos = from;
  for (;;) {
    pos = b.indexOf(0xff, pos);
    need(pos >= 0 && pos + 1 < b.length);
    const next = b[pos + 1]!;
    if (next === 0x00 || (next >= 0xd0 && next <= 0xd7)) pos += 2;
    else if (next === 0xff) pos += 1;
    else return pos;
  }
}

/** PNG chunks that change how the picture looks (or animate it); text, time, EXIF and private chunks go. */
const PNG_KEEP = new Set([
  'IHDR',
  'PLTE',
  'IDAT',
  'IEND',
  'tRNS',
  'gAMA',
  'cHRM',
  'sRGB',
  'iCCP',
  'sBIT',
  'bKGD',
  'pHYs',
  'acTL',
  'fcTL',
  'fdAT',
]);
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function stripPng(b: Buffer): Buffer {
  need(b.length >= 8 && b.subarray(0, 8).equals(PNG_SIGNATURE));
  const out: Buffer[] = [PNG_SIGNATURE];
  let pos = 8;
  for (;;) {
    need(pos + 12 <= b.length);
    const length = b.readUInt32BE(pos);
    const type = b.subarray(pos + 4, pos + 8).toString('latin1');
    const end = pos + 12 + length;
    need(end <= b.length);
    if (PNG_KEEP.has(type)) out.push(b.subarray(pos, end));
    if (type === 'IEND') return Buffer.concat(out);
    pos = end;
  }
}

/** WebP (RIFF): the EXIF and XMP chunks go and the extended header stops announcing them. */
function stripWebp(b: Buffer): Buffer {
  need(b.length >= 12 && b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP');
  const riffEnd = Math.min(b.length, 8 + b.readUInt32LE(4));
  const chunks: Buffer[] = [];
  let pos = 12;
  while (pos + 8 <= riffEnd) {
    const type = b.toString('latin1', pos, pos + 4);
    const size = b.readUInt32LE(pos + 4);
    const end = pos + 8 + size + (size % 2);
    need(pos + 8 + size <= riffEnd);
    if (type === 'VP8X') {
      const chunk = Buffer.from(b.subarray(pos, Math.min(end, riffEnd)));
      // Flags: 0x08 EXIF present, 0x04 XMP present.
      chunk[8] = chunk[8]! & ~0x0c;
      chunks.push(chunk);
    } else if (type !== 'EXIF' && type !== 'XMP ') {
      chunks.push(b.subarray(pos, Math.min(end, riffEnd)));
    }
    pos = end;
  }
  need(chunks.length > 0);
  const body = Buffer.concat(chunks);
  const header = Buffer.alloc(12);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(body.length + 4, 4);
  header.write('WEBP', 8, 'latin1');
  return Buffer.concat([header, body]);
}

/** The image without its metadata. */
export function stripMetadata(mime: ImageMime, data: Buffer): Buffer {
  switch (mime) {
    case 'image/jpeg':
      return stripJpeg(data);
    case 'image/png':
      return stripPng(data);
    case 'image/webp':
      return stripWebp(data);
  }
}
