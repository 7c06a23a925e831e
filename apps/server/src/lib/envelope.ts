import { Code } from '@simshop/contract/codes';
import type { Envelope } from '@simshop/contract/envelope';

export function ok<T>(data: T, message = 'ok'): Envelope<T> {
  return { code: Code.OK, message, data };
}
