/** Validation rules shared by the app and the server (spec §5). */

const MOBILE = /^1\d{10}$/;
export function isMobile(value: string): boolean {
  return MOBILE.test(value);
}

const ID_FORMAT = /^[1-9]\d{5}[1-9]\d{3}(0[1-9]|1[0-2])([0-2]\d|3[01])\d{3}[\dX]$/;
const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CHECK = '10X98765432';

/** The ISO 7064 MOD 11-2 check character of the first 17 digits of a Chinese ID number. */
export function idCheckDigit(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * (ID_WEIGHTS[i] ?? 0);
  return ID_CHECK[sum % 11] ?? '';
}

/** An 18-character Chinese ID number of the §5 format whose check character is right. */
export function isChineseId(value: string): boolean {
  const upper = value.toUpperCase();
  if (!ID_FORMAT.test(upper)) return false;
  return idCheckDigit(upper.slice(0, 17)) === upper[17];
}

/** The SIM number of a layout preview (spec §2 `iotPreview=IotLayout:{digits}`): digits only, at most 20 (an ICCID's length). */
export const PREVIEW_SIM_DIGITS = /^\d{1,20}$/;

export function isHttpLink(value: string): boolean {
  return /^https?:/i.test(value);
}
