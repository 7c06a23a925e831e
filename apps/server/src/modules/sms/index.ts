import fp from 'fastify-plugin';
import { depsOf } from '../../lib/deps.ts';
import { addJobs } from '../../lib/jobs.ts';
import type { App } from '../../lib/route.ts';
import { aliyunSmsProvider } from '../../providers/sms/aliyun.ts';
import { consoleSmsProvider, type SmsProvider } from '../../providers/sms/provider.ts';
import { smsRoutes } from './routes.ts';
import { Sms } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** SMS codes to phones, through the configured provider, with their delivery receipts. */
    sms: Sms;
  }
}

/** SMS messages: the provider (console or gateway), the messages sent and their receipts. */
export const smsPlugin = fp(
  async (app: App) => {
    const { config } = app;
    const provider: SmsProvider =
      config.smsProvider === 'aliyun' && config.smsGateway ? aliyunSmsProvider(config.smsGateway) : consoleSmsProvider(app.log);
    const sms = new Sms({ ...depsOf(app), provider, receiptToken: config.smsReceiptToken });
    app.decorate('sms', sms);
    if (config.smsReceiptToken) await app.register(smsRoutes(sms));
    addJobs(app.jobs, [sms.purgeJob()]);
  },
  { name: 'sms', dependencies: ['jobs'] },
);
