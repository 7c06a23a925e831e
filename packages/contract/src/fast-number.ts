import { z } from 'zod';
import { mobile } from './auth.ts';
import { msg } from './messages.ts';
import { numberPackage } from './numbers.ts';
import { ORDER_NO } from './order-no.ts';

/**
 * Fast-number applications (spec §2 /pages/goods/fastNumber/index and formSubmit, /pages/resetCert/index):
 * a new number of an operator with one of its packages, applied for with the applicant's name, ID
 * number, mobile (proven by an SMS code) and delivery address. The application is an order (F…)
 * that operators move through its states; it costs nothing to apply.
 */

export const FAST_NUMBER_STATUSES = ['submitted', 'reviewing', 'approved', 'rejected', 'shipped', 'activated'] as const;
export type FastNumberStatus = (typeof FAST_NUMBER_STATUSES)[number];

/** GET /api/shop/fastNumber/products: per operator, the packages a new number can be applied for with. */
export const fastNumberProductsQuery = z.object({ promoCode: z.string().max(64).optional() });
export const fastNumberProducts = z.object({
  operators: z.array(z.object({ operator: z.string(), operatorName: z.string(), packages: z.array(numberPackage) })),
});
export type FastNumberProducts = z.infer<typeof fastNumberProducts>;

const divisionCode = z.string().regex(/^\d{6}$/, msg('validation.divisionCode'));
const uploadId = z.string().regex(/^[0-9a-f]{32}$/, msg('validation.format'));

/** POST /api/shop/fastNumber/apply (header idempotency-key recommended). The session is then logged in as the mobile. */
export const fastNumberApplyBody = z.object({
  promoCode: z.string().max(64).optional(),
  operator: z.string().min(1).max(8),
  packageId: z.number().int().positive(),
  applicantName: z
    .string()
    .trim()
    .min(2)
    .max(20)
    // letters, the middle dot of transliterated names (U+00B7), dots and spaces
    .regex(/^[\p{L}\u00b7. ]+$/u, msg('validation.lettersOnly')),
  /** 18-character Chinese ID number (spec §5), checked with its check character. */
  idNumber: z.string().trim().length(18, msg('validation.idNumberLength')),
  mobile,
  /** The SMS code sent to `mobile` (scene `apply`). */
  code: z.string().regex(/^\d{6}$/, msg('validation.smsCode')),
  address: z.object({ province: divisionCode, city: divisionCode, county: divisionCode, detail: z.string().trim().min(4).max(120) }),
  agreed: z.literal(true, msg('validation.termsRequired')),
});
export type FastNumberApplyBody = z.input<typeof fastNumberApplyBody>;

/** POST /api/shop/fastNumber/cert: the ID photos of an application (uploaded by its owner through /api/shop/upload). */
export const fastNumberCertBody = z.object({
  orderNo: z.string().regex(ORDER_NO, msg('validation.orderNo')),
  idFront: uploadId,
  idBack: uploadId,
});
export type FastNumberCertBody = z.input<typeof fastNumberCertBody>;

/** The application part of a fast-number order. */
export const fastNumberApplication = z.object({
  operatorName: z.string(),
  monthlyFee: z.number().int(),
  /** The number given when the card was shipped; '' before. */
  assignedNumber: z.string(),
  /** Why it was refused; '' unless rejected. */
  rejectReason: z.string(),
  /** ID photos (front, back) for the owner: urls served only to the owner and operators. */
  photos: z.array(z.object({ purpose: z.enum(['idFront', 'idBack']), url: z.string() })),
  /** The states it went through, oldest first. */
  timeline: z.array(z.object({ status: z.enum(FAST_NUMBER_STATUSES), at: z.number().int() })),
});
export type FastNumberApplication = z.infer<typeof fastNumberApplication>;
