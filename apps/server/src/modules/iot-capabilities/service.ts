import { Code } from '@simshop/contract/codes';
import {
  CAPABILITIES,
  type Capability,
  DEVICE_CAPABILITIES,
  type DeviceCapability,
  OPERATOR_CAPABILITIES,
  type OperatorCapability,
  type SetCapabilityBody,
} from '@simshop/contract/iot-capabilities';
import type { Kysely } from 'kysely';
import type { LRUCache } from 'lru-cache';
import type { Database } from '../../db/schema.ts';
import { ttlCache } from '../../lib/cache.ts';
import { BizError } from '../../lib/errors.ts';
import * as repo from './repository.ts';

export type { Capability } from '@simshop/contract/iot-capabilities';

/** What decides a card's capabilities: its operator, and its device's model and SIM count (none for a plain SIM). */
export interface CapableCard {
  operatorType: number;
  device: { model: string; sims: number } | null;
}

export interface CapabilitiesDeps {
  db: Kysely<Database>;
  now: () => number;
}

/** The refusal of a call whose capability the card lacks (code 40001, "not open"). */
export const notOffered = () => new BizError(Code.MODULE_CLOSED, 'capabilities.notOffered');

/**
 * The capability table: which device models and operators offer what (decision 0043). A capability
 * without a row is on. Each instance keeps the table 5 seconds; an edit clears this instance's copy
 * at once and reaches the others within that time (and a card's SIM info within a second after).
 */
export class Capabilities {
  readonly #table: LRUCache<'all', Map<string, boolean>>;

  constructor(private readonly deps: CapabilitiesDeps) {
    this.#table = ttlCache({ ttlMs: 5_000, max: 1, now: deps.now });
  }

  async #stored(): Promise<Map<string, boolean>> {
    const hit = this.#table.get('all');
    if (hit) return hit;
    const rows = await repo.allRows(this.deps.db);
    const table = new Map(rows.map((r) => [`${r.scope}|${r.subject}|${r.capability}`, Number(r.enabled) === 1]));
    this.#table.set('all', table);
    return table;
  }

  /** The capabilities of a card, in the table's order. */
  async of(card: CapableCard): Promise<Capability[]> {
    const table = await this.#stored();
    const on = (key: string) => table.get(key) ?? true;
    return CAPABILITIES.filter((cap) => {
      if ((OPERATOR_CAPABILITIES as readonly string[]).includes(cap)) return on(`operator|${card.operatorType}|${cap}`);
      if (!card.device) return false;
      if (cap === 'switchSim' && card.device.sims < 2) return false;
      return on(`model|${card.device.model}|${cap}`);
    });
  }

  /** The stored rows, for the console: `scope|subject|capability` → on. */
  stored(): Promise<ReadonlyMap<string, boolean>> {
    return this.#stored();
  }

  /** Turns a model's or an operator's capability on or off; answers its state before and after. */
  async set(body: SetCapabilityBody): Promise<{ before: boolean; after: boolean }> {
    const before = await repo.setRow(this.deps.db, {
      scope: body.scope,
      subject: body.subject,
      capability: body.capability,
      enabled: body.enabled ? 1 : 0,
      updated_at: this.deps.now(),
    });
    this.#table.clear();
    return { before, after: body.enabled };
  }
}

export const isDeviceCapability = (c: Capability): c is DeviceCapability => (DEVICE_CAPABILITIES as readonly string[]).includes(c);
export const isOperatorCapability = (c: Capability): c is OperatorCapability => (OPERATOR_CAPABILITIES as readonly string[]).includes(c);
