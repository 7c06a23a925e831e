import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'pay-config-'));
const pemFile = (name: string) => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  writeFileSync(path.join(dir, `${name}.key`), privateKey.export({ type: 'pkcs8', format: 'pem' }));
  writeFileSync(path.join(dir, `${name}.pub`), publicKey.export({ type: 'spki', format: 'pem' }));
  return { key: path.join(dir, `${name}.key`), pub: path.join(dir, `${name}.pub`) };
};

describe('payment provider settings', () => {
  it('PAYMENT_PROVIDER lists providers in the cashier’s order; none is none; anything else is refused', () => {
    expect(loadConfig({}).paymentProviders).toEqual(['sandbox']);
    expect(loadConfig({ PAYMENT_PROVIDER: 'none' }).paymentProviders).toEqual([]);
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'sandbox,paypal' })).toThrow(
      'PAYMENT_PROVIDER: PAYMENT_PROVIDER must be none, or sandbox, wechat and/or alipay separated by commas',
    );
  });

  it('WeChat Pay names every missing setting, and PUBLIC_URL for its notifications', () => {
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'wechat' })).toThrow(
      'Invalid configuration: PUBLIC_URL: must be set with PAYMENT_PROVIDER wechat or alipay (their notifications are posted to it); ' +
        'WECHATPAY_MCH_ID: must be set with PAYMENT_PROVIDER=wechat; WECHATPAY_APP_ID: must be set with PAYMENT_PROVIDER=wechat; ' +
        'WECHATPAY_SERIAL_NO: must be set with PAYMENT_PROVIDER=wechat; WECHATPAY_PRIVATE_KEY_FILE: must be set; ' +
        'WECHATPAY_PUBLIC_KEY_FILE: must be set; WECHATPAY_PUBLIC_KEY_ID: must be set with PAYMENT_PROVIDER=wechat; ' +
        'WECHATPAY_API_V3_KEY: must be set with PAYMENT_PROVIDER=wechat',
    );
  });

  it('reads the WeChat Pay keys from their files', () => {
    const merchant = pemFile('merchant');
    const platform = pemFile('platform');
    const env = {
      PAYMENT_PROVIDER: 'sandbox,wechat',
      PUBLIC_URL: 'https://shop.example.com',
      WECHATPAY_MCH_ID: '1900000109',
      WECHATPAY_APP_ID: 'wxd678efh567hg6787',
      WECHATPAY_SERIAL_NO: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1',
      WECHATPAY_PRIVATE_KEY_FILE: merchant.key,
      WECHATPAY_PUBLIC_KEY_FILE: platform.pub,
      WECHATPAY_PUBLIC_KEY_ID: 'PUB_KEY_ID_0114232134912410000000000000',
      WECHATPAY_API_V3_KEY: 'a'.repeat(32),
    };
    const c = loadConfig(env);
    expect(c.paymentProviders).toEqual(['sandbox', 'wechat']);
    expect(c.wechatPay).toMatchObject({ mchId: '1900000109', tradeType: 'h5', baseUrl: 'https://api.mch.weixin.qq.com' });
    expect(c.wechatPay?.privateKey).toMatch(/^-----BEGIN PRIVATE KEY-----/);
    expect(c.wechatPay?.publicKey).toMatch(/^-----BEGIN PUBLIC KEY-----/);
    const app = pemFile('app');
    const alipay = pemFile('alipay');
    const both = loadConfig({
      ...env,
      PAYMENT_PROVIDER: 'alipay,wechat',
      ALIPAY_APP_ID: '2021000000000000',
      ALIPAY_PRIVATE_KEY_FILE: app.key,
      ALIPAY_PUBLIC_KEY_FILE: alipay.pub,
    });
    expect(both.paymentProviders).toEqual(['alipay', 'wechat']);
    expect(both.alipay).toMatchObject({ appId: '2021000000000000', gateway: 'https://openapi.alipay.com/gateway.do' });
    expect(both.alipay?.alipayPublicKey).toMatch(/^-----BEGIN PUBLIC KEY-----/);
    expect(() => loadConfig({ ...env, PAYMENT_PROVIDER: 'alipay' })).toThrow(
      'Invalid configuration: ALIPAY_APP_ID: must be set with PAYMENT_PROVIDER=alipay; ALIPAY_PRIVATE_KEY_FILE: must be set; ALIPAY_PUBLIC_KEY_FILE: must be set',
    );
    expect(() => loadConfig({ ...env, WECHATPAY_PRIVATE_KEY_FILE: path.join(dir, 'none') })).toThrow(
      `WECHATPAY_PRIVATE_KEY_FILE: cannot read ${path.join(dir, 'none')}`,
    );
  });
});
