/**
 * Alibaba Cloud SMS (Dysmsapi 2017-05-25, SendSms) over plain HTTPS with Node's crypto: the RPC
 * request signature (HMAC-SHA1 over the canonicalised parameters, decision 0032), one template per
 * message kind and language, the code as the template's only value. The gateway's reply carries
 * the message's BizId, which its delivery receipts name.
 */
import { createHmac, randomUUID } from 'node:crypto';
import type { Language } from '@simshop/contract/headers';
import { type HttpAnswer, type HttpFailure, httpExchange } from '../../lib/http-client.ts';
import { type NoticeKind, type SmsAccepted, type SmsKind, type SmsMessage, type SmsProvider, SmsSendError } from './provider.ts';

export interface AliyunSmsConfig {
  /** The API address, `https://dysmsapi.aliyuncs.com/` (the tests point it at a local fake). */
  endpoint: string;
  accessKeyId: string;
  accessKeySecret: string;
  /** The approved signature name printed in front of every message. */
  signName: string;
  /** The approved template code of each message kind in each language. */
  templates: Record<SmsKind, Record<Language, string>>;
  /** The approved template of each notice kind in each language; a notice without one is not sent. */
  noticeTemplates: Partial<Record<NoticeKind, Record<Language, string>>>;
  /** A send not answered by then counts as failed. */
  timeoutMs: number;
}

/** Alibaba's percent-encoding: RFC 3986 unreserved characters stay, everything else is %XX (space is %20, `*` is %2A, `~` stays). */
export function percentEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** The canonicalised query string: parameters sorted by name, each name=value percent-encoded, joined by `&`. */
export function canonicalQuery(params: Readonly<Record<string, string>>): string {
  return Object.keys(params)
    .sort()
    .map((k) => `${percentEncode(k)}=${percentEncode(params[k]!)}`)
    .join('&');
}

/**
 * The RPC signature: base64 HMAC-SHA1, keyed by `<AccessKeySecret>&`, of
 * `<METHOD>&%2F&<percentEncode(canonicalised query string)>` (every parameter but Signature).
 */
export function rpcSignature(method: string, params: Readonly<Record<string, string>>, accessKeySecret: string): string {
  const stringToSign = `${method}&${percentEncode('/')}&${percentEncode(canonicalQuery(params))}`;
  return createHmac('sha1', `${accessKeySecret}&`).update(stringToSign).digest('base64');
}

/** The request's time as the API wants it: ISO 8601 UTC without milliseconds. */
const timestamp = () => new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');

export function aliyunSmsProvider(config: AliyunSmsConfig): SmsProvider {
  /** One SendSms call: the template and its values, signed; the gateway's BizId. */
  const send = async (mobile: string, template: string, values: Record<string, string>): Promise<SmsAccepted> => {
    const params: Record<string, string> = {
      AccessKeyId: config.accessKeyId,
      Action: 'SendSms',
      Format: 'JSON',
      PhoneNumbers: mobile,
      RegionId: 'cn-hangzhou',
      SignName: config.signName,
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: randomUUID(),
      SignatureVersion: '1.0',
      TemplateCode: template,
      TemplateParam: JSON.stringify(values),
      Timestamp: timestamp(),
      Version: '2017-05-25',
    };
    const signed = `Signature=${percentEncode(rpcSignature('POST', params, config.accessKeySecret))}&${canonicalQuery(params)}`;
    let res: HttpAnswer;
    try {
      res = await httpExchange(config.endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: signed,
        timeoutMs: config.timeoutMs,
      });
    } catch (err) {
      const failure = err as HttpFailure;
      throw new SmsSendError(failure.reason === 'timeout' ? failure.message : `unreachable: ${failure.message}`);
    }
    let reply: { Code?: unknown; Message?: unknown; BizId?: unknown };
    try {
      reply = JSON.parse(res.text) as typeof reply;
    } catch {
      throw new SmsSendError(`HTTP ${res.status} without a JSON reply`);
    }
    if (reply.Code !== 'OK' || typeof reply.BizId !== 'string' || reply.BizId === '') {
      throw new SmsSendError(`HTTP ${res.status} ${String(reply.Code)}: ${String(reply.Message)}`);
    }
    return { bizId: reply.BizId, template };
  };
  return {
    name: 'aliyun',
    revealsCode: false,
    sendCode: (message: SmsMessage) => send(message.mobile, config.templates[message.kind][message.language], { code: message.code }),
    async sendNotice(notice) {
      const template = config.noticeTemplates[notice.kind]?.[notice.language];
      if (!template) throw new SmsSendError(`no template for the ${notice.kind} notice`);
      return send(notice.mobile, template, notice.values);
    },
  };
}
