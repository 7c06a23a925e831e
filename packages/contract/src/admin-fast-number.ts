import { z } from 'zod';
import { page, pageQuery } from './envelope.ts';
import { FAST_NUMBER_STATUSES, fastNumberApplication } from './fast-number.ts';

/**
 * Fast-number applications in the operator console (owners: every storefront; agents: their own
 * and direct downstream; staff: their own): reviewed, approved or refused with a reason, shipped
 * with the number given, activated.
 */

/** GET /api/admin/fastNumber. */
export const adminFastNumberQuery = pageQuery.extend({
  promoterId: z.coerce.number().int().min(1).optional(),
  status: z.union([z.literal(''), z.enum(FAST_NUMBER_STATUSES)]).optional(),
  /** Part of the order number, applicant's name or contact mobile. */
  keyword: z.string().max(40).optional(),
});
export type AdminFastNumberQuery = z.infer<typeof adminFastNumberQuery>;

export const adminFastNumber = z.object({
  orderNo: z.string(),
  promoterId: z.number().int(),
  promoCode: z.string(),
  status: z.enum(FAST_NUMBER_STATUSES),
  operatorName: z.string(),
  packageName: z.string(),
  monthlyFee: z.number().int(),
  applicantName: z.string(),
  contactMobile: z.string(),
  /** Region names and street, in the reader's language. */
  address: z.string(),
  assignedNumber: z.string(),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
});
export type AdminFastNumber = z.infer<typeof adminFastNumber>;
export const adminFastNumberPage = page(adminFastNumber);
export type AdminFastNumberPage = z.infer<typeof adminFastNumberPage>;

/** GET /api/admin/fastNumber/detail: one application with what a reviewer checks. */
export const adminFastNumberDetailQuery = z.object({ orderNo: z.string().min(1).max(40) });
export const adminFastNumberDetail = adminFastNumber.extend({
  /** The applicant's ID number in full (reviewers compare it with the photos). */
  idNumber: z.string(),
  application: fastNumberApplication,
  /** The parcel's tracking number once shipped. */
  trackingNo: z.string().nullable(),
});
export type AdminFastNumberDetail = z.infer<typeof adminFastNumberDetail>;

/** Where an application may go from each state (the console offers these moves only). */
export const FAST_NUMBER_MOVES = {
  submitted: ['reviewing'],
  reviewing: ['approved', 'rejected'],
  approved: ['shipped'],
  rejected: [],
  shipped: ['activated'],
  activated: [],
} as const satisfies Record<(typeof FAST_NUMBER_STATUSES)[number], readonly (typeof FAST_NUMBER_STATUSES)[number][]>;

/** POST /api/admin/fastNumber/advance. */
export const advanceFastNumberBody = z.object({
  orderNo: z.string().min(1).max(40),
  to: z.enum(['reviewing', 'approved', 'rejected', 'shipped', 'activated']),
  /** Required to refuse: the applicant sees it. */
  reason: z.string().max(200).optional(),
  /** Required to ship: the number of the card sent. */
  assignedNumber: z.string().max(11).optional(),
});
export type AdvanceFastNumberBody = z.infer<typeof advanceFastNumberBody>;
