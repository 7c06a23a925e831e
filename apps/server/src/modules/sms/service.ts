/**
 * SMS messages (decision 0032): every code other modules send goes through here to the SMS
 * provider, outside any database transaction, and is recorded (kind, language, masked mobile, the
 * gateway's BizId); the gateway's delivery receipts then mark it delivered or undelivered. A
 * message the gateway refuses or does not answer within the timeout is a refusal for the user
 * (`sms.sendFailed`, code -1), never a 5xx.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { DialectName } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';
import { fail } from '../../lib/errors.ts';
import type { Job } from '../../lib/jobs.ts';
import { mapLimited } from '../../lib/limited.ts';
import { maskMobile } from '../../lib/mask-mobile.ts';
import { metrics } from '../../lib/metrics.ts';
import type { SmsAccepted, SmsMessage, SmsNotice, SmsProvider } from '../../providers/sms/provider.ts';
import * as repo from './repository.ts';

export type { SmsKind, SmsMessage, SmsNotice } from '../../providers/sms/provider.ts';

/** How long sent messages are kept. */
export const SMS_KEEP_MS = 90 * 86_400_000;
/** Notices of one batch sent at once. */
const NOTICES_AT_ONCE = 8;

export interface SmsDeps {
  db: Kysely<Database>;
  dialect: DialectName;
  now: () => number;
  log: FastifyBaseLogger;
  provider: SmsProvider;
  /** The token delivery receipts must carry; undefined: receipts are not taken. */
  receiptToken: string | undefined;
}

/**
 * One delivery receipt as Alibaba Cloud SMS pushes them (a JSON array of these): the message's
 * BizId, whether it reached the phone, and the operator's status code and text.
 */
export const smsReceipt = z.object({
  biz_id: z.string().min(1).max(128),
  success: z.boolean(),
  err_code: z.string().max(64).optional(),
  err_msg: z.string().max(256).optional(),
  phone_number: z.string().max(32).optional(),
  report_time: z.string().max(32).optional(),
});
export type SmsReceipt = z.infer<typeof smsReceipt>;
export const smsReceipts = z.array(smsReceipt).max(1000);

const digest = (s: string) => createHash('sha256').update(s).digest();

export class Sms {
  constructor(private readonly deps: SmsDeps) {}

  /** True with the console provider: a code may be shown to the demo UI (SMS_DEV_CODE). */
  get revealsCode(): boolean {
    return this.deps.provider.revealsCode;
  }

  /** Sends a code and records the message; a message not sent is the refusal `sms.sendFailed`. */
  async send(message: SmsMessage): Promise<void> {
    if (!(await this.deliver(message, () => this.deps.provider.sendCode(message)))) throw fail('sms.sendFailed');
  }

  /**
   * Sends a notice and records it, never inside a transaction; a notice not sent is logged and
   * recorded as refused, and answers false (whoever sent it goes on: a notice is not a request).
   */
  notify(notice: SmsNotice): Promise<boolean> {
    return this.deliver(notice, () => this.deps.provider.sendNotice(notice));
  }

  /**
   * Sends many notices (a scan's), a few at once: the gateway's round trips overlap, and a large
   * scan never opens hundreds. Answers, in order, whether each was sent.
   */
  notifyAll(notices: readonly SmsNotice[]): Promise<boolean[]> {
    return mapLimited(notices, NOTICES_AT_ONCE, (notice) => this.notify(notice));
  }

  /** Sends through the provider, counts and records the message; false when it was not sent. */
  private async deliver(message: SmsMessage | SmsNotice, sendIt: () => Promise<SmsAccepted>): Promise<boolean> {
    const { provider, log } = this.deps;
    const base = {
      provider: provider.name,
      kind: message.kind,
      language: message.language,
      mobile_masked: maskMobile(message.mobile),
      reported_at: null,
    };
    try {
      const accepted = await sendIt();
      metrics.sms('sent');
      await this.record({ ...base, template: accepted.template, biz_id: accepted.bizId, status: 'sent', detail: '' });
      return true;
    } catch (err) {
      metrics.sms('failed');
      const reason = err instanceof Error ? err.message : String(err);
      log.error({ sms: { provider: provider.name, kind: message.kind, to: base.mobile_masked }, reason }, 'SMS sending failed');
      await this.record({ ...base, template: '', biz_id: '', status: 'refused', detail: reason.slice(0, 500) });
      return false;
    }
  }

  /** A record that cannot be written does not undo a message already sent: it is logged. */
  private async record(row: Omit<Database['sms_messages'], 'id' | 'created_at'>): Promise<void> {
    try {
      await repo.insertMessage(this.deps.db, { ...row, created_at: this.deps.now() });
    } catch (err) {
      this.deps.log.error({ err }, 'SMS message not recorded');
    }
  }

  /** True when receipts are taken and `token` is theirs (compared in constant time). */
  receiptTokenMatches(token: string | undefined): boolean {
    const expected = this.deps.receiptToken;
    return expected !== undefined && token !== undefined && timingSafeEqual(digest(token), digest(expected));
  }

  /**
   * Records delivery receipts: each marks its message delivered or undelivered once (a repeated
   * receipt changes nothing); an undelivered message is logged and counted. Returns how many
   * messages changed.
   */
  async receipts(list: readonly SmsReceipt[]): Promise<number> {
    const { db, provider, log } = this.deps;
    let changed = 0;
    for (const r of list) {
      const status = r.success ? 'delivered' : 'undelivered';
      const detail = [r.err_code, r.err_msg].filter(Boolean).join(' ').slice(0, 500);
      if (!(await repo.recordReceipt(db, provider.name, r.biz_id, status, detail, this.deps.now()))) continue;
      changed += 1;
      metrics.sms(status);
      if (status === 'undelivered') log.warn({ sms: { provider: provider.name, bizId: r.biz_id, detail } }, 'SMS not delivered');
    }
    return changed;
  }

  /** The recorded messages with a gateway message id (for the tests and operators' checks). */
  byBizId(bizId: string) {
    return repo.messagesByBizId(this.deps.db, this.deps.provider.name, bizId);
  }

  /** Hourly: messages older than SMS_KEEP_MS go. */
  purgeJob(): Job {
    return {
      name: 'sms.purge',
      everyMs: 3_600_000,
      run: (now: number) => repo.purge(this.deps.db, this.deps.dialect, now - SMS_KEEP_MS),
    };
  }
}
