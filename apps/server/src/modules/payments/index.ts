import type { AddressInfo } from 'node:net';
import fp from 'fastify-plugin';
import type { Shopper } from '../../lib/context.ts';
import { depsOf } from '../../lib/deps.ts';
import { addJobs } from '../../lib/jobs.ts';
import type { App } from '../../lib/route.ts';
import { createAlipayProvider } from '../../providers/payment/alipay.ts';
import type { PaymentProvider } from '../../providers/payment/provider.ts';
import { createSandboxProvider } from '../../providers/payment/sandbox.ts';
import { sandboxCashierRoutes } from '../../providers/payment/sandbox-cashier.ts';
import { createWechatPayProvider } from '../../providers/payment/wechatpay.ts';
import { paymentRoutes } from './routes.ts';
import { Payments } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The payment module: order types register their handlers here (registerOrderType). */
    payments: Payments;
  }
}

/** This server's own address as a provider reaches it: PUBLIC_URL, else the address it listens on. */
function baseUrl(app: App): string {
  if (app.config.publicUrl) return app.config.publicUrl.replace(/\/$/, '');
  const address = app.server.address() as AddressInfo | null;
  const port = address && typeof address === 'object' ? address.port : app.config.port;
  return `http://127.0.0.1:${port}`;
}

/** Payments of every order type through the payment providers, with the sandbox and its cashier built in. */
export const paymentsPlugin = fp(
  async (app: App) => {
    const deps = depsOf(app);
    const { config } = app;
    // The sandbox (and its cashier, whose Pay button anyone may press) only when configured.
    const sandbox = config.paymentProviders.includes('sandbox')
      ? createSandboxProvider({ db: deps.db, secret: config.paymentSecret, log: app.log })
      : null;
    // Inside WeChat, a shopper whose WeChat account the shop knows pays by JSAPI.
    const wechatPayer = async (s: Shopper) => (/MicroMessenger/i.test(s.userAgent) ? payments.wechatPayerOf(s.sessionId) : null);
    const providers: PaymentProvider[] = config.paymentProviders.flatMap((m): PaymentProvider[] => {
      if (m === 'sandbox' && sandbox) return [sandbox];
      if (m === 'wechat' && config.wechatPay) return [createWechatPayProvider(config.wechatPay, wechatPayer)];
      if (m === 'alipay' && config.alipay) return [createAlipayProvider(config.alipay)];
      return [];
    });
    const payments = new Payments(deps, providers, () => baseUrl(app));
    app.decorate('payments', payments);
    await app.register(paymentRoutes(payments));
    addJobs(app.jobs, payments.jobs());

    if (sandbox) {
      // Outside the tests the sandbox delivers a notification right after the shopper pays.
      const kick = () => {
        if (app.config.jobs)
          setImmediate(() => sandbox.deliverDue(deps.now()).catch((err) => app.log.error({ err }, 'sandbox delivery failed')));
      };
      await app.register(sandboxCashierRoutes(sandbox, deps.now, kick));
      addJobs(app.jobs, [{ name: 'sandbox.deliverNotifications', everyMs: 5_000, run: (now) => sandbox.deliverDue(now) }]);
    }
  },
  { name: 'payments', dependencies: ['jobs', 'site'] },
);
