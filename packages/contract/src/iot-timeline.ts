import { z } from 'zod';

/**
 * GET /api/iot/simTimeline: what happened to the card, newest first: activation, packages opened
 * and ended (and the next end to come), restrictions, payments and refunds, device commands. Texts
 * of the data (package names, order titles) come in the reader's language; the app words the rest.
 */
export const TIMELINE_KINDS = [
  'activated',
  'packageStarted',
  'packageEnds',
  'packageEnded',
  'restricted',
  'restrictionLifted',
  'paid',
  'toppedUp',
  'coinsBought',
  'refunded',
  'command',
] as const;

export const timelineEvent = z.object({
  at: z.number().int(),
  kind: z.enum(TIMELINE_KINDS),
  /** A package's name (of a package, or of a package order paid or refunded); empty otherwise. */
  name: z.string(),
  /** Money of a payment or refund, fen; 0 otherwise. */
  amount: z.number().int(),
  /** A device command's kind and state; empty otherwise. */
  command: z.string(),
  state: z.string(),
});
export type TimelineEvent = z.infer<typeof timelineEvent>;

export const simTimeline = z.object({ list: z.array(timelineEvent) });
export type SimTimeline = z.infer<typeof simTimeline>;
