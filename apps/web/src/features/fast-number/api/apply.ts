import type { FastNumberApplyBody } from '@simshop/contract/fast-number';
import type { OrderDetail } from '@simshop/contract/orders';
import { post } from '../../../lib/request.ts';

/** POST /api/shop/fastNumber/apply: files the application; the browser is then logged in as the mobile. */
export function applyFastNumber(body: FastNumberApplyBody, idempotencyKey: string): Promise<OrderDetail> {
  return post<OrderDetail>('/api/shop/fastNumber/apply', body, { idempotencyKey });
}
