import type { Language } from '@simshop/contract/headers';
import type { MessageId } from '@simshop/contract/messages';
import type { FastifyBaseLogger } from 'fastify';
import { render } from '../../lib/messages.ts';

/**
 * What a code is for; each kind has its own message, and with a gateway its own template per
 * language: a storefront login code, a fast-number application, a SIM self-service login (and the
 * pay-password change that reuses it), binding a phone to a SIM, letting a phone onto a device's
 * Wi-Fi.
 */
export const SMS_KINDS = ['login', 'apply', 'simLogin', 'bindPhone', 'deviceAuth'] as const;
export type SmsKind = (typeof SMS_KINDS)[number];

/** One verification code to send, in the reader's language. */
export interface SmsMessage {
  mobile: string;
  kind: SmsKind;
  language: Language;
  code: string;
  ttlMinutes: number;
}

/**
 * Notices (no code): a number found for a shopper's alert, a share of a SIM's data used, its
 * package ending, an auto-renewal coming. Each has its text per language and, with a gateway, its
 * own template; `values` fill the template's variables.
 */
export const NOTICE_KINDS = ['numberWatch', 'dataUsed', 'packageEnding', 'renewal', 'topupDue'] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

export interface SmsNotice {
  mobile: string;
  kind: NoticeKind;
  language: Language;
  values: Record<string, string>;
}

/** The gateway accepted the message: its id for delivery receipts, and the template it used. */
export interface SmsAccepted {
  bizId: string;
  template: string;
}

/** The gateway refused the message or did not answer in time; `reason` is for the log only. */
export class SmsSendError extends Error {
  constructor(readonly reason: string) {
    super(`SMS not sent: ${reason}`);
    this.name = 'SmsSendError';
  }
}

/** Sends verification codes by SMS: the console provider (development) or a gateway adapter. */
export interface SmsProvider {
  readonly name: string;
  /**
   * True only for the console provider: the code may then be returned to the client for the demo
   * UI. A provider that really delivers messages must say false.
   */
  readonly revealsCode: boolean;
  /** Sends the message (never inside a database transaction); throws SmsSendError when it is not sent. */
  sendCode(message: SmsMessage): Promise<SmsAccepted>;
  /** Sends a notice the same way; throws SmsSendError when it is not sent (or has no template). */
  sendNotice(notice: SmsNotice): Promise<SmsAccepted>;
}

/** A code as logs may show it: the first two digits, the rest masked (`12****`). */
export function maskCode(code: string): string {
  return `${code.slice(0, 2)}${'*'.repeat(Math.max(code.length - 2, 0))}`;
}

/** The catalogue entry of each kind's text. */
const TEXT_OF = {
  login: 'sms.text.login',
  apply: 'sms.text.apply',
  simLogin: 'sms.text.simLogin',
  bindPhone: 'sms.text.bindPhone',
  deviceAuth: 'sms.text.deviceAuth',
  numberWatch: 'sms.text.numberWatch',
  dataUsed: 'sms.text.dataUsed',
  packageEnding: 'sms.text.packageEnding',
  renewal: 'sms.text.renewal',
  topupDue: 'sms.text.topupDue',
} as const satisfies Record<SmsKind | NoticeKind, MessageId>;

/** The text of a notice in its language (the wording a gateway template registers). */
export function noticeText(notice: Pick<SmsNotice, 'kind' | 'language' | 'values'>): string {
  return render(TEXT_OF[notice.kind], notice.values as never, notice.language);
}

/** The text of a message kind in a language (the wording a gateway template registers). */
export function smsText(kind: SmsKind, code: string, minutes: number, language: Language): string {
  return render(TEXT_OF[kind], { code, minutes }, language);
}

/**
 * Sends nothing: development and the demo. The log shows the message in the reader's language with
 * the code masked, so logs never hold a usable code; the demo UI gets it from the reply instead
 * (SMS_DEV_CODE).
 */
export function consoleSmsProvider(log: FastifyBaseLogger): SmsProvider {
  let sent = 0;
  return {
    name: 'console',
    revealsCode: true,
    async sendCode({ mobile, kind, language, code, ttlMinutes }) {
      const masked = maskCode(code);
      log.info({ sms: { to: mobile, kind, language, code: masked } }, `SMS to ${mobile}: ${smsText(kind, masked, ttlMinutes, language)}`);
      sent += 1;
      return { bizId: `console-${process.pid}-${Date.now()}-${sent}`, template: `console.${kind}.${language}` };
    },
    async sendNotice(notice) {
      log.info(
        { sms: { to: notice.mobile, kind: notice.kind, language: notice.language } },
        `SMS to ${notice.mobile}: ${noticeText(notice)}`,
      );
      sent += 1;
      return { bizId: `console-${process.pid}-${Date.now()}-${sent}`, template: `console.${notice.kind}.${notice.language}` };
    },
  };
}
