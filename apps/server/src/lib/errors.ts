import { Code } from '@simshop/contract/codes';

/**
 * A business refusal: answered with HTTP 200 and one of the §8 codes. The message is for the
 * person using the app, so it must never carry internals.
 */
export class BizError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
    this.name = 'BizError';
  }
}

/** Invalid input: code -1 with a message naming the field. */
export function invalid(field: string, problem: string): BizError {
  return new BizError(Code.FAILED, `${field}: ${problem}`);
}

export function fail(message: string): BizError {
  return new BizError(Code.FAILED, message);
}
