import type { FastNumberCertBody } from '@simshop/contract/fast-number';
import type { OrderDetail } from '@simshop/contract/orders';
import { post } from '../../../lib/request.ts';

/** POST /api/shop/fastNumber/cert: the ID photos (the caller's uploads) of an application. */
export function saveCert(body: FastNumberCertBody): Promise<OrderDetail> {
  return post<OrderDetail>('/api/shop/fastNumber/cert', body);
}
