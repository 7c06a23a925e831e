import { z } from 'zod';

/** The reply envelope of every API call. `data` is null on a business error. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ code: z.number().int(), message: z.string(), data: data.nullable() });
}

export type Envelope<T> = { code: number; message: string; data: T | null };

/** A page of a list, newest first unless stated. */
export function page<T extends z.ZodType>(item: T) {
  return z.object({
    list: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });
}

export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
