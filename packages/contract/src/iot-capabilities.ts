import { z } from 'zod';

/**
 * What a card can do, decided by its device's model and its operator (the capability table): the
 * app shows only the menus and pages of the capabilities a card has, and the server refuses the
 * calls of the others (code 40001), so nothing offered fails when tapped.
 *
 * - Device capabilities need a portable Wi-Fi device; its model's row decides (on unless turned off):
 *   `wifiControl` (Wi-Fi name, password, shown or hidden, on or off), `fiveG` (the 5 GHz band),
 *   `switchSim` (move the device to another of its SIMs; needs two SIMs in it), `networkMode`
 *   (automatic or fixed network), `terminalAuth` (let a phone through the Wi-Fi by a code),
 *   `securityCentre` (block clients, AP isolation, the night Wi-Fi schedule, the SIM's SMS inbox).
 * - Operator capabilities: `speedUp` (speed boosts; the carrier must offer a faster profile).
 */
export const DEVICE_CAPABILITIES = ['wifiControl', 'fiveG', 'switchSim', 'networkMode', 'terminalAuth', 'securityCentre'] as const;
export const OPERATOR_CAPABILITIES = ['speedUp'] as const;
export const CAPABILITIES = [...DEVICE_CAPABILITIES, ...OPERATOR_CAPABILITIES] as const;
export type DeviceCapability = (typeof DEVICE_CAPABILITIES)[number];
export type OperatorCapability = (typeof OPERATOR_CAPABILITIES)[number];
export type Capability = (typeof CAPABILITIES)[number];
export const capability = z.enum(CAPABILITIES);

/** A row of the table: a device model's or an operator's capabilities; a capability not stored is on. */
export const capabilityRow = z.object({
  scope: z.enum(['model', 'operator']),
  /** The model name, or the operator type ('1'…'4'). */
  subject: z.string(),
  /** The operator's name in the reader's language; the model name for a model. */
  label: z.string(),
  /** Cards (devices for a model) this row decides for. */
  cards: z.number().int(),
  capabilities: z.record(z.string(), z.boolean()),
});
export type CapabilityRow = z.infer<typeof capabilityRow>;

/** GET /api/admin/capabilities: every model of a device and every operator, with their capabilities. */
export const capabilityTable = z.object({ list: z.array(capabilityRow) });
export type CapabilityTable = z.infer<typeof capabilityTable>;

/** POST /api/admin/capabilities: turn one capability of a model or an operator on or off. */
export const setCapabilityBody = z.discriminatedUnion('scope', [
  z.object({
    scope: z.literal('model'),
    subject: z.string().trim().min(1).max(64),
    capability: z.enum(DEVICE_CAPABILITIES),
    enabled: z.boolean(),
  }),
  z.object({
    scope: z.literal('operator'),
    subject: z.enum(['1', '2', '3', '4']),
    capability: z.enum(OPERATOR_CAPABILITIES),
    enabled: z.boolean(),
  }),
]);
export type SetCapabilityBody = z.infer<typeof setCapabilityBody>;
