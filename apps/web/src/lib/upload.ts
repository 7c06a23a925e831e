import type { UploadPurpose, UploadReply } from '@simshop/contract/uploads';
import { t } from './i18n.ts';
import { ApiError, handleCode, requestHeaders } from './request.ts';

/**
 * Uploads one image as multipart (`file` and `purpose`) with the §7 headers; the server checks its
 * type by content, its size, and removes its metadata. Refusals are shown as the §8 table says.
 */
export async function uploadImage(url: '/api/iot/upload' | '/api/shop/upload', file: Blob, purpose: UploadPurpose): Promise<UploadReply> {
  const form = new FormData();
  form.append('purpose', purpose);
  form.append('file', file, 'photo');
  let json: { code?: number; message?: string; data?: UploadReply } | undefined;
  try {
    const res = await fetch(url, { method: 'POST', headers: requestHeaders(), body: form });
    json = (await res.json()) as typeof json;
  } catch {
    handleCode(-1, t('request.transportError'));
    throw new ApiError(-1, t('request.transportError'), 0);
  }
  if (json?.code === 0 && json.data) return json.data;
  handleCode(json?.code ?? -1, json?.message ?? '');
  throw new ApiError(json?.code ?? -1, json?.message ?? '');
}

/** An uploaded image as an object URL (the file is served only with the owner's headers). */
export async function uploadedImageUrl(url: string): Promise<string> {
  const res = await fetch(url, { headers: requestHeaders() });
  if (!res.ok) throw new ApiError(-1, t('request.requestError'), res.status);
  return URL.createObjectURL(await res.blob());
}
