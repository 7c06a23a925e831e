import { PREVIEW_SIM_DIGITS } from '@simshop/contract/validate';

const PREFIX = 'IotLayout:';

/**
 * `iotPreview=IotLayout:{digits}` (spec §2): the digits are the SIM number a layout is previewed
 * with; anything else (no prefix, no digits, anything but digits, more than 20) is refused: null.
 * Who may preview is the console's preview token's to say, not this value's.
 */
export function parsePreview(value: string | null | undefined): string | null {
  if (!value?.startsWith(PREFIX)) return null;
  const digits = value.slice(PREFIX.length);
  return PREVIEW_SIM_DIGITS.test(digits) ? digits : null;
}
