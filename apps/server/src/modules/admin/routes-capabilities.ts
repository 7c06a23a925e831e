import { envelope } from '@simshop/contract/envelope';
import {
  type CapabilityRow,
  capabilityTable,
  DEVICE_CAPABILITIES,
  OPERATOR_CAPABILITIES,
  setCapabilityBody,
} from '@simshop/contract/iot-capabilities';
import { z } from 'zod';
import type { Db } from '../../db/kysely.ts';
import { ok } from '../../lib/envelope.ts';
import type { App } from '../../lib/route.ts';
import type { Capabilities } from '../iot-capabilities/service.ts';
import * as sims from '../iot-sims/service.ts';
import { security, tags } from './routes.ts';
import * as admin from './service.ts';

export interface CapabilitiesConsoleDeps extends admin.AdminDeps {
  store: Db;
  sims: sims.Sims;
  capabilities: Capabilities;
}

/** The capability table in the console (owners): what each device model and operator offers a card. */
export function adminCapabilityRoutes(deps: CapabilitiesConsoleDeps) {
  return async (app: App): Promise<void> => {
    app.get(
      '/api/admin/capabilities',
      {
        schema: {
          tags,
          security,
          summary:
            'Every device model in the fleet and every operator, with the capabilities each offers (on unless turned off) and how many devices or cards each decides for. Owners only.',
          response: { 200: envelope(capabilityTable) },
        },
      },
      async (req) => {
        admin.requireArea(req.operator, 'capabilities');
        const [fleet, stored, names] = await Promise.all([
          sims.fleetShape(deps.store.db),
          deps.capabilities.stored(),
          deps.sims.operatorNames(req.ctx.language),
        ]);
        const row = (scope: CapabilityRow['scope'], subject: string, caps: readonly string[]) =>
          Object.fromEntries(caps.map((c) => [c, stored.get(`${scope}|${subject}|${c}`) ?? true]));
        const cardsOf = new Map(fleet.operators.map((o) => [o.operatorType, o.cards]));
        const list: CapabilityRow[] = [
          ...fleet.models.map((m) => ({
            scope: 'model' as const,
            subject: m.model,
            label: m.model,
            cards: m.devices,
            capabilities: row('model', m.model, DEVICE_CAPABILITIES),
          })),
          ...[...names].map(([type, name]) => ({
            scope: 'operator' as const,
            subject: String(type),
            label: name,
            cards: cardsOf.get(type) ?? 0,
            capabilities: row('operator', String(type), OPERATOR_CAPABILITIES),
          })),
        ];
        return ok({ list });
      },
    );
    app.post(
      '/api/admin/capabilities',
      {
        schema: {
          tags,
          security,
          summary:
            "Turns one capability of a device model or an operator on or off: the cards' menus and calls follow within 6 seconds on every instance. Owners only; audited.",
          body: setCapabilityBody,
          response: { 200: envelope(z.object({ enabled: z.boolean() })) },
        },
      },
      async (req) => {
        admin.requireArea(req.operator, 'capabilities');
        const { before, after } = await deps.capabilities.set(req.body);
        await admin.audit(deps, req.operator, {
          action: 'capability.set',
          objectType: `capability.${req.body.scope}`,
          objectId: `${req.body.subject}|${req.body.capability}`,
          promoterId: null,
          before: { enabled: before },
          after: { enabled: after },
        });
        // The cards' SIM infos show the change once their one-second copies expire.
        return ok({ enabled: after });
      },
    );
  };
}
