/**
 * The text of a "join this Wi-Fi" QR code, as phone cameras read it (the ZXing WIFI: format):
 * WIFI:T:<WPA|WEP|nopass>;S:<ssid>;P:<password>;H:true;; where \ ; , : and " in the name and the
 * password are escaped with a backslash. No zod here: the server and the app both use it.
 */
export type WifiQrEncryption = 'WPA' | 'WEP' | 'nopass';

export interface WifiQrNetwork {
  ssid: string;
  password: string;
  encryption: WifiQrEncryption;
  hidden?: boolean;
}

/** A name or password with the characters the format reserves escaped. */
export function escapeWifiField(text: string): string {
  return text.replace(/[\\;,:"]/g, (c) => `\\${c}`);
}

export function wifiQrText(n: WifiQrNetwork): string {
  const password = n.encryption === 'nopass' ? '' : `P:${escapeWifiField(n.password)};`;
  return `WIFI:T:${n.encryption};S:${escapeWifiField(n.ssid)};${password}${n.hidden ? 'H:true;' : ''};`;
}

/** Bytes of a text in UTF-8 (an SSID holds at most 32). */
export const utf8Bytes = (text: string) => new TextEncoder().encode(text).length;

/**
 * Why a password does not fit its encryption, or null: WPA2 wants 8-63 printable ASCII characters
 * (or 64 hex digits), WEP 5 or 13 characters or 10 or 26 hex digits, an open network none.
 */
export function wifiPasswordProblem(encryption: WifiQrEncryption, password: string): 'wpa' | 'wep' | 'nopass' | null {
  if (encryption === 'nopass') return password === '' ? null : 'nopass';
  if (encryption === 'WPA') return /^[\x20-\x7e]{8,63}$/.test(password) || /^[0-9a-fA-F]{64}$/.test(password) ? null : 'wpa';
  return /^[\x20-\x7e]{5}$|^[\x20-\x7e]{13}$|^[0-9a-fA-F]{10}$|^[0-9a-fA-F]{26}$/.test(password) ? null : 'wep';
}
