import { describe, expect, it } from 'vitest';
import { escapeWifiField, utf8Bytes, wifiPasswordProblem, wifiQrText } from './wifi-qr.ts';

describe('Wi-Fi QR text', () => {
  it('escapes backslash, semicolon, comma, colon and double quote in the name and the password', () => {
    expect(escapeWifiField('a\\b;c,d:e"f')).toBe('a\\\\b\\;c\\,d\\:e\\"f');
    expect(wifiQrText({ ssid: 'Café;Guest', password: 'p:a,s"s\\1;', encryption: 'WPA' })).toBe(
      'WIFI:T:WPA;S:Café\\;Guest;P:p\\:a\\,s\\"s\\\\1\\;;;',
    );
  });

  it('writes plain names as they are, leaves the password out of an open network and marks a hidden one', () => {
    expect(wifiQrText({ ssid: 'MiFi-5G', password: '12345678', encryption: 'WPA' })).toBe('WIFI:T:WPA;S:MiFi-5G;P:12345678;;');
    expect(wifiQrText({ ssid: 'Open', password: '', encryption: 'nopass', hidden: true })).toBe('WIFI:T:nopass;S:Open;H:true;;');
    expect(wifiQrText({ ssid: 'Old', password: 'abcde', encryption: 'WEP' })).toBe('WIFI:T:WEP;S:Old;P:abcde;;');
  });

  it('counts an SSID in UTF-8 bytes and checks passwords against their encryption', () => {
    expect(utf8Bytes('随身WiFi')).toBe(10);
    expect(wifiPasswordProblem('WPA', '1234567')).toBe('wpa');
    expect(wifiPasswordProblem('WPA', '12345678')).toBeNull();
    expect(wifiPasswordProblem('WPA', '密码密码密码密码')).toBe('wpa');
    expect(wifiPasswordProblem('WPA', 'z'.repeat(64))).toBe('wpa');
    expect(wifiPasswordProblem('WPA', 'ab'.repeat(32))).toBeNull();
    expect(wifiPasswordProblem('WEP', 'abcde')).toBeNull();
    expect(wifiPasswordProblem('WEP', '0123456789')).toBeNull();
    expect(wifiPasswordProblem('WEP', 'abcdef')).toBe('wep');
    expect(wifiPasswordProblem('nopass', '')).toBeNull();
    expect(wifiPasswordProblem('nopass', 'x')).toBe('nopass');
  });
});
