import { Code } from '@simshop/contract/codes';
import { envelope } from '@simshop/contract/envelope';
import { fileParams, type UploadPurpose, uploadPurpose, uploadQuery, uploadReply } from '@simshop/contract/uploads';
import type { FastifyRequest } from 'fastify';
import { ok } from '../../lib/envelope.ts';
import { BizError, invalid } from '../../lib/errors.ts';
import type { App } from '../../lib/route.ts';
import { type Owner, simOwner, tooLarge, type Uploads } from './service.ts';

/** Multipart problems of @fastify/multipart, by error code. */
const MULTIPART_REFUSALS: Record<string, 'upload.oneFile'> = {
  FST_FILES_LIMIT: 'upload.oneFile',
  FST_PARTS_LIMIT: 'upload.oneFile',
  FST_FIELDS_LIMIT: 'upload.oneFile',
};

/** The refusal of a multipart body that does not parse. */
function malformed(): BizError {
  const e = new BizError(Code.FAILED, 'request.malformed');
  e.status = 400;
  return e;
}

/** The one file of a multipart request and its purpose (the form field `purpose`, or `?purpose=`). */
async function fileOf(req: FastifyRequest, uploads: Uploads): Promise<{ purpose: UploadPurpose; data: Buffer }> {
  if (!req.isMultipart()) throw invalid('photo', 'upload.missing');
  let data: Buffer | undefined;
  let given = (req.query as { purpose?: string }).purpose;
  try {
    for await (const part of req.parts({ limits: { fileSize: uploads.maxBytes, files: 2, fields: 4, fieldSize: 200, parts: 6 } })) {
      if (part.type === 'file') {
        if (data) throw invalid('photo', 'upload.oneFile');
        data = await part.toBuffer();
      } else if (part.fieldname === 'purpose') {
        given = String(part.value);
      }
    }
  } catch (err) {
    if (err instanceof BizError) throw err;
    const code = (err as { code?: string }).code ?? '';
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(uploads.maxBytes);
    const refusal = MULTIPART_REFUSALS[code];
    if (refusal) throw invalid('photo', refusal);
    // Anything else the multipart parser meets is the body's fault (no boundary, a part that never
    // ends, bytes that are not multipart, a client that went away): a 400, not a server error.
    req.log.info({ err }, 'malformed multipart body');
    throw malformed();
  }
  if (!data) throw invalid('photo', 'upload.missing');
  const purpose = uploadPurpose.safeParse(given ?? 'document');
  if (!purpose.success) throw invalid('purpose', 'validation.oneOf', { values: [...uploadPurpose.options] });
  return { purpose: purpose.data, data };
}

const describe = (who: string) =>
  `Upload one JPEG, PNG or WebP image (multipart: text field \`purpose\` first, then the file in \`file\`), owned by ${who}. The type is judged by the content; metadata (EXIF, XMP, text chunks) is removed.`;

/** POST /api/iot/upload, registered in the SIM-guarded scope: the file belongs to the card. */
export function simUploadRoutesOf(app: App, uploads: Uploads): void {
  app.post(
    '/api/iot/upload',
    {
      schema: {
        tags: ['uploads'],
        summary: describe('the SIM card of the session'),
        security: [{ simToken: [] }],
        querystring: uploadQuery,
        response: { 200: envelope(uploadReply) },
      },
    },
    async (req) => {
      const { purpose, data } = await fileOf(req, uploads);
      await uploads.checkSim(req.sim.simId, purpose);
      return ok(await uploads.save(simOwner(req.sim.simId), purpose, data));
    },
  );
}

/** POST /api/shop/upload (storefront login, else 61) and GET /api/files/{id}. */
export function uploadRoutes(app: App, uploads: Uploads, buyerOf: (req: FastifyRequest) => Promise<Owner>): void {
  app.post(
    '/api/shop/upload',
    {
      schema: {
        tags: ['uploads'],
        summary: describe('the logged-in buyer (61 when not logged in)'),
        querystring: uploadQuery,
        response: { 200: envelope(uploadReply) },
      },
    },
    async (req) => {
      const owner = await buyerOf(req);
      const { purpose, data } = await fileOf(req, uploads);
      return ok(await uploads.save(owner, purpose, data));
    },
  );

  app.get(
    '/api/files/:id',
    {
      schema: {
        tags: ['uploads'],
        summary: 'An uploaded image, only for its owner (SIM session or buyer login headers) and operators; otherwise 404',
        params: fileParams,
      },
    },
    async (req, reply) => {
      const file = await uploads.read(req.params.id, req);
      return reply
        .type(file.mime)
        .header('cache-control', 'private, no-store')
        .header('content-disposition', 'inline')
        .header('x-content-type-options', 'nosniff')
        .send(file.data);
    },
  );
}
