import { envelope } from '@simshop/contract/envelope';
import { paymentMethods, paymentMethodsQuery } from '@simshop/contract/payments';
import { z } from 'zod';
import { ok } from '../../lib/envelope.ts';
import type { App } from '../../lib/route.ts';
import type { Payments } from './service.ts';

export function paymentRoutes(payments: Payments) {
  return async (app: App): Promise<void> => {
    app.get(
      '/api/shop/payment/methods',
      {
        schema: {
          tags: ['payments'],
          summary: "Payment methods the cashier offers: the storefront's showPaymentType that have a provider",
          querystring: paymentMethodsQuery,
          response: { 200: envelope(paymentMethods) },
        },
      },
      async (req) => ok(payments.methodsFor((await app.site.resolvePromoter(req.query.promoCode)).config.showPaymentType)),
    );

    // Provider notifications are verified over the exact bytes received, so this scope keeps the raw body.
    await app.register(async (scope: App) => {
      scope.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_req, body, done) => done(null, body));
      // Alipay posts its notifications as a form.
      scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_req, body, done) =>
        done(null, body),
      );
      scope.post(
        '/api/pay/notify/:method',
        {
          config: { rateLimit: false },
          schema: {
            tags: ['payments'],
            summary: 'Asynchronous payment notification from a provider (signed)',
            params: z.object({ method: z.string().regex(/^[a-z0-9_]{1,32}$/) }),
          },
        },
        async (req, reply) => {
          const raw = typeof req.body === 'string' ? req.body : '';
          const outcome = await payments.notify(req.params.method, req.headers, raw, req.ip);
          return outcome.body === null ? reply.status(outcome.status).send() : reply.status(outcome.status).send(outcome.body);
        },
      );
    });
  };
}
