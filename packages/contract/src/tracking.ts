import { z } from 'zod';

/**
 * POST /api/hk/pointReport (spec §7): a page view or a click of the storefront, with the ad
 * parameters the visitor came with (spec §2: bd_vid, qz_gdt, cb, mark, mark_id). Sent by the app
 * with navigator.sendBeacon (a JSON text, as text/plain or application/json); counted per promoter.
 */
export const POINT_EVENTS = ['view', 'click'] as const;

const param = z.string().trim().max(128).optional();

export const pointReportBody = z.object({
  event: z.enum(POINT_EVENTS),
  /** The app route, e.g. `/pages/index/index`. */
  page: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .regex(/^\/[\w\-/]*$/),
  /** What was clicked (a block or menu key); empty for a view. */
  target: z.string().trim().max(64).optional(),
  promoCode: z.string().trim().max(64).optional(),
  pageCode: z.string().trim().max(64).optional(),
  bd_vid: param,
  qz_gdt: param,
  cb: param,
  mark: z.string().trim().max(64).optional(),
  mark_id: z.string().trim().max(64).optional(),
});
export type PointReportBody = z.input<typeof pointReportBody>;

/** Largest report body in bytes. */
export const POINT_REPORT_MAX_BYTES = 2048;
/** Reports one address may send a minute. */
export const POINT_REPORTS_PER_MINUTE = 120;
