import { envelope } from '@simshop/contract/envelope';
import { POINT_REPORT_MAX_BYTES, pointReportBody } from '@simshop/contract/tracking';
import { z } from 'zod';
import { ok } from '../../lib/envelope.ts';
import { fail } from '../../lib/errors.ts';
import type { App } from '../../lib/route.ts';
import type { Tracking } from './service.ts';

export async function trackingRoutes(app: App, tracking: Tracking): Promise<void> {
  // The app sends JSON by a keep-alive fetch; a beacon (older clients) sends it as text/plain: the
  // report is read as JSON whatever its type says.
  app.register(async (scope: App) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      ['application/json', 'text/plain'],
      { parseAs: 'string', bodyLimit: POINT_REPORT_MAX_BYTES },
      (_req, text, done) => {
        try {
          done(null, JSON.parse(text as string));
        } catch {
          done(fail('request.bodyNotJson'));
        }
      },
    );
    scope.post(
      '/api/hk/pointReport',
      {
        bodyLimit: POINT_REPORT_MAX_BYTES,
        schema: {
          tags: ['tracking'],
          summary:
            'A page view or click of the storefront, with its ad parameters (sent by a keep-alive fetch with the headers of every call)',
          body: pointReportBody,
          response: { 200: envelope(z.null()) },
        },
      },
      async (req) => {
        await tracking.report(req.body, req.ip);
        return ok(null);
      },
    );
  });
}
