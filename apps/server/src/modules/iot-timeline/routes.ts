import { envelope } from '@simshop/contract/envelope';
import { simTimeline } from '@simshop/contract/iot-timeline';
import { ok } from '../../lib/envelope.ts';
import type { App } from '../../lib/route.ts';
import * as timeline from './service.ts';

export function timelineRoutes(deps: timeline.TimelineDeps) {
  return async (app: App): Promise<void> => {
    app.get(
      '/api/iot/simTimeline',
      {
        schema: {
          tags: ['iot'],
          security: [{ simToken: [] }],
          summary:
            'What happened to the card, newest first: packages, restrictions, payments, device commands (the next package end on top)',
          response: { 200: envelope(simTimeline) },
        },
      },
      async (req) => ok(await timeline.simTimeline(deps, req.sim.simId, req.ctx.language)),
    );
  };
}
