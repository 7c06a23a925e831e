import type { FastifyBaseLogger } from 'fastify';

/** Sends verification codes by SMS. Real adapters (Aliyun, Tencent Cloud SMS...) implement this. */
export interface SmsProvider {
  readonly name: string;
  /**
   * True only for the console provider: the code may then be returned to the client for the demo
   * UI. A provider that really delivers messages must say false.
   */
  readonly revealsCode: boolean;
  sendCode(mobile: string, code: string, ttlMinutes: number): Promise<void>;
}

/** Logs the code instead of sending it: development and the demo. */
export function consoleSmsProvider(log: FastifyBaseLogger): SmsProvider {
  return {
    name: 'console',
    revealsCode: true,
    async sendCode(mobile, code, ttlMinutes) {
      log.info({ sms: { to: mobile } }, `SMS to ${mobile}: your verification code is ${code}, valid for ${ttlMinutes} minutes`);
    },
  };
}

export function createSmsProvider(name: 'console', log: FastifyBaseLogger): SmsProvider {
  switch (name) {
    case 'console':
      return consoleSmsProvider(log);
  }
}
