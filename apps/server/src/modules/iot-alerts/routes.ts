import { envelope } from '@simshop/contract/envelope';
import { usageAlertList, usageAlertSettings, usageForecast } from '@simshop/contract/iot-alerts';
import { z } from 'zod';
import { ok } from '../../lib/envelope.ts';
import type { App } from '../../lib/route.ts';
import * as alerts from './service.ts';

const security = [{ simToken: [] }];
const tags = ['iot'];

export function alertRoutes(deps: alerts.AlertDeps) {
  return async (app: App): Promise<void> => {
    app.get(
      '/api/iot/usageForecast',
      {
        schema: {
          tags,
          security,
          summary: "When the card's data runs out at the pace of the last seven days, against the end of its package",
          response: { 200: envelope(usageForecast) },
        },
      },
      async (req) => ok(await alerts.usageForecast(deps, req.sim.simId, req.ctx.language)),
    );
    app.get(
      '/api/iot/usageAlerts',
      {
        schema: {
          tags,
          security,
          summary: "The card's usage alert settings and its last 20 alerts",
          response: { 200: envelope(usageAlertList) },
        },
      },
      async (req) => ok(await alerts.alertList(deps, req.sim.simId)),
    );
    app.post(
      '/api/iot/usageAlerts/settings',
      {
        schema: {
          tags,
          security,
          summary: 'Chooses the usage alerts: shares of the data used, days before the package ends, and SMS to the bound phone',
          body: usageAlertSettings,
          response: { 200: envelope(usageAlertList) },
        },
      },
      async (req) => ok(await alerts.saveAlertSettings(deps, req.sim.simId, req.body, req.ctx.language)),
    );
    app.post(
      '/api/iot/usageAlerts/read',
      { schema: { tags, security, summary: "Marks the card's alerts read", response: { 200: envelope(z.null()) } } },
      async (req) => {
        await alerts.markAlertsRead(deps, req.sim.simId);
        return ok(null);
      },
    );
  };
}
