import type { App } from '../../lib/route.ts';
import { type Sms, smsReceipts } from './service.ts';

/** The token of a receipt: `?token=` (a gateway's push address carries it) or `Authorization: Bearer`. */
function tokenOf(query: unknown, authorization: string | undefined): string | undefined {
  const fromQuery = (query as Record<string, unknown> | undefined)?.token;
  if (typeof fromQuery === 'string') return fromQuery;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  return m?.[1];
}

/**
 * POST /api/sms/receipt: the gateway's delivery receipts (Alibaba Cloud SMS's SmsReport push, a
 * JSON array), answered in its format: `{code: 0}` taken, anything else is pushed again later.
 */
export function smsRoutes(sms: Sms) {
  return async (app: App): Promise<void> => {
    app.post(
      '/api/sms/receipt',
      { config: { rateLimit: false }, schema: { tags: ['sms'], summary: 'Delivery receipts of SMS messages from the gateway (token)' } },
      async (req, reply) => {
        if (!sms.receiptTokenMatches(tokenOf(req.query, req.headers.authorization))) {
          return reply.status(401).send({ code: 401, msg: 'unauthorized' });
        }
        const parsed = smsReceipts.safeParse(req.body);
        if (!parsed.success) return reply.status(400).send({ code: 400, msg: 'not a list of receipts' });
        await sms.receipts(parsed.data);
        return reply.send({ code: 0, msg: '成功' });
      },
    );
  };
}
