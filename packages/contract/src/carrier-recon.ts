import { z } from 'zod';

/**
 * Reconciliation of each card, per day, with its operator (decision 0090): what the operator reports
 * (a day's usage, the card's state and stop reason, its real-name state) against what our ledgers
 * and the card say. A difference is listed in the console until it is resolved: by a resynchronisation
 * that finds both sides agree, by a change asked at the operator, or explained by a person.
 */

/** usage: a closed day's MB differ beyond the tolerance; state: stopped at one side, active at the other;
 * package: the operator stopped data for its own allowance while we sell data left; realname: the real-name states differ. */
export const RECON_KINDS = ['usage', 'state', 'package', 'realname'] as const;
export const reconKind = z.enum(RECON_KINDS);
export type ReconKind = z.infer<typeof reconKind>;

/** How a difference was closed: the job or a resync found both sides agree, the card was resumed at the operator, or a person explained it. */
export const RECON_RESOLUTIONS = ['agreed', 'resynced', 'resumed', 'explained'] as const;
export type ReconResolution = (typeof RECON_RESOLUTIONS)[number];

/** Why the operator stopped a card (the carrier interface's stop reasons). */
export const STOP_REASONS = ['none', 'requested', 'arrears', 'separated', 'real-name', 'quota', 'operator', 'other'] as const;
export type StopReasonCode = (typeof STOP_REASONS)[number];

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.format');

export const reconQuery = z.object({
  promoterId: z.coerce.number().int().min(1).optional(),
  kind: reconKind.optional(),
  day: day.optional(),
  /** Open differences only (default), or the resolved ones too. */
  open: z
    .enum(['1', '0'])
    .default('1')
    .transform((v) => v === '1'),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

export const reconItem = z.object({
  id: z.number().int(),
  simId: z.number().int(),
  iccid: z.string(),
  simNo: z.string(),
  promoterId: z.number().int().nullable(),
  promoterName: z.string(),
  /** The operator of the card's account (its kind), or the built-in carrier's name. */
  operator: z.string(),
  day: z.string().describe('UTC+8 day the difference is about (a state: the day it was seen)'),
  kind: reconKind,
  ours: z
    .string()
    .describe('usage: MB; state: active | data-off; package: MB left or unlimited; realname: registered | reviewing | unregistered'),
  theirs: z.string().describe('usage: MB; state / package: active or stopped:<reason>; realname: registered | reviewing | unregistered'),
  stopReason: z.enum(STOP_REASONS).nullable(),
  detail: z.string().nullable().describe("the operator's own words, when it gave any"),
  detectedAt: z.number().int(),
  checkedAt: z.number().int().describe('when the difference was last seen'),
  resolvedAt: z.number().int().nullable(),
  resolvedBy: z.string().nullable().describe('who closed it (an operator, or the job)'),
  resolution: z.enum(RECON_RESOLUTIONS).nullable(),
  note: z.string().nullable(),
  /** The action the console offers besides resync and explain: resume at the operator (we sell it active, the operator stopped it). */
  canResume: z.boolean(),
});
export type ReconItem = z.infer<typeof reconItem>;

export const reconPage = z.object({ list: z.array(reconItem), total: z.number().int() });
export type ReconPage = z.infer<typeof reconPage>;

export const reconIdBody = z.object({ id: z.number().int().min(1) });
export const reconExplainBody = z.object({ id: z.number().int().min(1), note: z.string().trim().min(1).max(300) });
export type ReconExplainBody = z.infer<typeof reconExplainBody>;

/** What an action did: the difference as it stands after it (closed when both sides now agree). */
export const reconActionReply = z.object({
  item: reconItem,
  /** The operator's change is accepted but not done yet (the difference closes at a later check). */
  pending: z.boolean(),
});
export type ReconActionReply = z.infer<typeof reconActionReply>;
