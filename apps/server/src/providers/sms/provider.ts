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

/** A code as logs may show it: the first two digits, the rest masked (`12****`). */
export function maskCode(code: string): string {
  return `${code.slice(0, 2)}${'*'.repeat(Math.max(code.length - 2, 0))}`;
}

/**
 * Sends nothing: development and the demo. The log shows the code masked, so logs never hold a
 * usable code; the demo UI gets it from the reply instead (SMS_DEV_CODE).
 */
export function consoleSmsProvider(log: FastifyBaseLogger): SmsProvider {
  return {
    name: 'console',
    revealsCode: true,
    async sendCode(mobile, code, ttlMinutes) {
      log.info({ sms: { to: mobile } }, `SMS to ${mobile}: your verification code is ${maskCode(code)}, valid for ${ttlMinutes} minutes`);
    },
  };
}

export function createSmsProvider(name: 'console', log: FastifyBaseLogger): SmsProvider {
  switch (name) {
    case 'console':
      return consoleSmsProvider(log);
  }
}
