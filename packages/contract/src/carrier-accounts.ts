import { z } from 'zod';

/**
 * Operator (carrier) accounts of a storefront, in the console: which operator platform a
 * storefront's cards are read and changed at, with the account's credentials. The password or key
 * is written, never read back: the console sees only whether one is set (decision 0077).
 *
 * A card is on its storefront's default account unless it was moved onto another account of the
 * same storefront; cards on no account are on the built-in carrier (the simulator by default).
 */

/** Adapter kinds: one entry per operator platform the server has an adapter for. */
export const CARRIER_ACCOUNT_KINDS = ['simulator', 'onelink'] as const;
export const carrierAccountKind = z.enum(CARRIER_ACCOUNT_KINDS);
export type CarrierAccountKind = z.infer<typeof carrierAccountKind>;

/** Why a test connection (or the last sync) failed, in our words (the operator's own in `detail`). */
export const CARRIER_PROBLEMS = ['auth', 'unavailable', 'throttled', 'protocol', 'invalid', 'unknown-card', 'refused'] as const;
export const carrierProblem = z.enum(CARRIER_PROBLEMS);
export type CarrierProblem = z.infer<typeof carrierProblem>;

const name = z.string().trim().min(1).max(60);
const baseUrl = z
  .string()
  .trim()
  .max(300)
  .refine((v) => v === '' || /^https?:\/\/[^\s/]+/.test(v), 'validation.format');
const appId = z.string().trim().max(100);
const secret = z.string().max(500);
const callsPerSecond = z.number().int().min(1).max(1000);

export const carrierAccountsQuery = z.object({ promoterId: z.coerce.number().int().min(1).optional() });

export const carrierAccountBody = z.object({
  /** The storefront (an owner names it; an agent's is its own). */
  promoterId: z.number().int().min(1).optional(),
  kind: carrierAccountKind,
  name,
  baseUrl: baseUrl.default(''),
  appId: appId.default(''),
  /** The password or key (the simulator needs none). */
  secret: secret.default(''),
  callsPerSecond: callsPerSecond.default(10),
  /** The storefront's cards without a card-level choice use it. */
  isDefault: z.boolean().default(true),
});
export type CarrierAccountBody = z.input<typeof carrierAccountBody>;

export const carrierAccountUpdateBody = z.object({
  id: z.number().int().min(1),
  name: name.optional(),
  baseUrl: baseUrl.optional(),
  appId: appId.optional(),
  /** A new password or key; absent or empty keeps the one set. */
  secret: secret.optional(),
  callsPerSecond: callsPerSecond.optional(),
  isDefault: z.boolean().optional(),
  enabled: z.boolean().optional(),
});
export type CarrierAccountUpdateBody = z.infer<typeof carrierAccountUpdateBody>;

export const carrierAccountIdBody = z.object({ id: z.number().int().min(1) });

export const carrierAccountSync = z.object({
  lastSuccessAt: z.number().int().nullable().describe('end of the last sweep over every card of the account without a read error'),
  lagMs: z.number().int().nullable().describe('age of the oldest figures: now minus the start of the last complete sweep'),
  cardsSynced: z.number().int().describe('cards synchronised by the last complete sweep'),
  cardsInSweep: z.number().int().describe('cards synchronised so far by the sweep under way'),
  lastError: z.string().nullable(),
  lastErrorCode: carrierProblem.nullable(),
  lastErrorAt: z.number().int().nullable(),
});

export const carrierAccount = z.object({
  id: z.number().int(),
  promoterId: z.number().int(),
  promoterName: z.string(),
  kind: carrierAccountKind,
  name: z.string(),
  baseUrl: z.string(),
  appId: z.string(),
  secretSet: z.boolean().describe('a password or key is set (it is never sent back)'),
  callsPerSecond: z.number().int(),
  enabled: z.boolean(),
  isDefault: z.boolean(),
  cards: z.number().int().describe('cards moved onto this account one by one'),
  sync: carrierAccountSync,
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
});
export type CarrierAccount = z.infer<typeof carrierAccount>;
export const carrierAccountList = z.object({ list: z.array(carrierAccount) });

export const carrierTestReply = z.object({
  ok: z.boolean(),
  problem: carrierProblem.nullable(),
  detail: z.string().nullable().describe("the operator's own words, when it gave any"),
  tookMs: z.number().int(),
});
export type CarrierTestReply = z.infer<typeof carrierTestReply>;

export const carrierAssignBody = z.object({
  id: z.number().int().min(1).describe('the account'),
  iccids: z.array(z.string().trim().min(1).max(32)).min(1).max(1000),
});
export const carrierUnassignBody = z.object({ iccids: z.array(z.string().trim().min(1).max(32)).min(1).max(1000) });
export const carrierAssignReply = z.object({
  assigned: z.number().int(),
  /** ICCIDs that are not cards of the account's storefront. */
  unknown: z.array(z.string()),
});

/** How fresh the card's figures are, for the holder's dashboard. */
export const carrierFreshness = z.object({
  operator: z.string().describe('the kind of the account the card is on (simulator, onelink...), or the built-in carrier'),
  asOf: z.number().int().nullable().describe('up to when the figures shown count (epoch ms); null: no figure yet'),
  stale: z.boolean().describe('the figures are more than an hour old'),
});
export type CarrierFreshness = z.infer<typeof carrierFreshness>;
