import { z } from 'zod';

/**
 * Number plans (the monthly plans a vanity number or a fast-number application comes with) in the
 * operator console: owners only, for every storefront. Money in fen.
 */

const tri = z.object({
  'zh-Hans': z.string().trim().min(1).max(60),
  en: z.string().trim().max(60),
  'zh-Hant': z.string().trim().max(60),
});
const longTri = z.object({
  'zh-Hans': z.string().trim().max(300),
  en: z.string().trim().max(300),
  'zh-Hant': z.string().trim().max(300),
});

export const adminNumberPackage = z.object({
  id: z.number().int(),
  operator: z.string(),
  operatorName: z.string(),
  /** The name in the three languages (a language not given shows the Chinese, converted for Traditional). */
  name: tri,
  description: longTri,
  monthlyFee: z.number().int(),
  dataMb: z.number().int(),
  voiceMinutes: z.number().int(),
  sort: z.number().int(),
  enabled: z.boolean(),
});
export type AdminNumberPackage = z.infer<typeof adminNumberPackage>;

/** GET /api/admin/numberPackages: every plan, by operator and order. */
export const adminNumberPackages = z.object({ list: z.array(adminNumberPackage) });
export type AdminNumberPackages = z.infer<typeof adminNumberPackages>;

/** POST /api/admin/numberPackages/save: a new plan (no id) or changes to one. */
export const saveNumberPackageBody = z.object({
  id: z.number().int().positive().optional(),
  operator: z.enum(['1', '2', '3', '4']),
  name: tri,
  description: longTri,
  monthlyFee: z.number().int().min(0).max(100_000_00),
  dataMb: z.number().int().min(0).max(10_000_000),
  voiceMinutes: z.number().int().min(0).max(100_000),
  sort: z.number().int().min(0).max(9999).default(0),
  enabled: z.boolean(),
});
export type SaveNumberPackageBody = z.input<typeof saveNumberPackageBody>;
