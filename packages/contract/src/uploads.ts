/** Uploaded images (ID document and face photos): POST /api/iot/upload, POST /api/shop/upload, GET /api/files/{id}. */
import { z } from 'zod';

/** The content types accepted, judged by the file's content, never by its name or declared type. */
export const UPLOAD_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/** What a file is for: the front and back of an ID card, a face photo, another document photo. */
export const uploadPurpose = z.enum(['idFront', 'idBack', 'face', 'document']);
export type UploadPurpose = z.infer<typeof uploadPurpose>;

/** The multipart form: one file in the field `file` and the text field `purpose` (or `?purpose=`). */
export const uploadQuery = z.object({ purpose: uploadPurpose.optional() });

export const uploadReply = z.object({
  id: z.string().describe('the file id (32 hex characters) to give to the call that uses the file'),
  url: z.string().describe('/api/files/{id}: served only to the owner (and operators), with the same headers'),
  mime: z.enum(UPLOAD_TYPES),
  size: z.number().int().describe('bytes, after metadata was removed'),
  purpose: uploadPurpose,
});
export type UploadReply = z.infer<typeof uploadReply>;

export const fileParams = z.object({ id: z.string().regex(/^[0-9a-f]{32}$/) });

export const fileUrl = (id: string) => `/api/files/${id}`;
