import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { canonicalQuery, percentEncode, rpcSignature } from './aliyun.ts';

describe("Alibaba Cloud SMS's request signature", () => {
  it("matches the example of Alibaba's documentation (SendSms signed with testSecret)", () => {
    const params = {
      AccessKeyId: 'testId',
      Action: 'SendSms',
      Format: 'XML',
      OutId: '123',
      PhoneNumbers: '15300000001',
      RegionId: 'cn-hangzhou',
      SignName: '阿里云短信测试专用',
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: '45e25e9b-0a6f-4070-8c85-2956eda1b466',
      SignatureVersion: '1.0',
      TemplateCode: 'SMS_71390007',
      TemplateParam: '{"customer":"test"}',
      Timestamp: '2017-07-12T02:42:19Z',
      Version: '2017-05-25',
    };
    expect(rpcSignature('GET', params, 'testSecret')).toBe('zJDF+Lrzhj/ThnlvIToysFRq6t4=');
  });

  it('percent-encodes as the gateway does: space %20, * %2A, ~ kept, sorted names', () => {
    expect(percentEncode("a b*c~d!'()")).toBe('a%20b%2Ac~d%21%27%28%29');
    expect(canonicalQuery({ b: '2', a: '1 1', C: 'x' })).toBe('C=x&a=1%201&b=2');
  });
});

describe('SMS provider settings', () => {
  const templates = 'en=SMS_1,zh-Hans=SMS_2,zh-Hant=SMS_3';
  const all = {
    SMS_PROVIDER: 'aliyun',
    SMS_ACCESS_KEY_ID: 'LTAIexample',
    SMS_ACCESS_KEY_SECRET: 'secret',
    SMS_SIGN_NAME: 'SIM商城',
    SMS_TEMPLATE_LOGIN: templates,
    SMS_TEMPLATE_APPLY: templates,
    SMS_TEMPLATE_SIM_LOGIN: templates,
    SMS_TEMPLATE_BIND_PHONE: templates,
    SMS_TEMPLATE_DEVICE_AUTH: templates,
  };

  it('the gateway names every missing setting', () => {
    expect(() => loadConfig({ SMS_PROVIDER: 'aliyun' })).toThrow(
      'Invalid configuration: SMS_TEMPLATE_LOGIN: must be set with SMS_PROVIDER=aliyun; SMS_TEMPLATE_APPLY: must be set with SMS_PROVIDER=aliyun; ' +
        'SMS_TEMPLATE_SIM_LOGIN: must be set with SMS_PROVIDER=aliyun; SMS_TEMPLATE_BIND_PHONE: must be set with SMS_PROVIDER=aliyun; ' +
        'SMS_TEMPLATE_DEVICE_AUTH: must be set with SMS_PROVIDER=aliyun; SMS_ACCESS_KEY_ID: must be set with SMS_PROVIDER=aliyun; ' +
        'SMS_ACCESS_KEY_SECRET: must be set with SMS_PROVIDER=aliyun; SMS_SIGN_NAME: must be set with SMS_PROVIDER=aliyun',
    );
  });

  it('a template list must name a code for each of the three languages', () => {
    expect(() => loadConfig({ ...all, SMS_TEMPLATE_APPLY: 'en=SMS_1,zh-Hans=SMS_2' })).toThrow(
      'Invalid configuration: SMS_TEMPLATE_APPLY: SMS_TEMPLATE_APPLY must give a template code for each language: en=<code>,zh-Hans=<code>,zh-Hant=<code>',
    );
    expect(() => loadConfig({ ...all, SMS_TEMPLATE_LOGIN: `${templates},fr=SMS_4` })).toThrow(
      /SMS_TEMPLATE_LOGIN must give a template code/,
    );
  });

  it('a complete gateway is taken, never echoes codes, and its default address is the public one', () => {
    const config = loadConfig({ ...all, SMS_DEV_CODE: 'on', SMS_RECEIPT_TOKEN: 'a-receipt-token-123456' });
    expect(config.smsProvider).toBe('aliyun');
    expect(config.smsDevCode).toBe(false);
    expect(config.smsReceiptToken).toBe('a-receipt-token-123456');
    expect(config.smsGateway).toMatchObject({
      endpoint: 'https://dysmsapi.aliyuncs.com/',
      signName: 'SIM商城',
      timeoutMs: 5000,
      templates: { deviceAuth: { en: 'SMS_1', 'zh-Hans': 'SMS_2', 'zh-Hant': 'SMS_3' } },
    });
    expect(() => loadConfig({ ...all, SMS_RECEIPT_TOKEN: 'short' })).toThrow(
      'Invalid configuration: SMS_RECEIPT_TOKEN: SMS_RECEIPT_TOKEN must be at least 16 characters',
    );
    expect(loadConfig({}).smsGateway).toBeNull();
  });
});
