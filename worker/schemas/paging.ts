import { z } from './zod'

/** The largest page any list answers. */
export const PAGE_MAX = 100
/** The page size of the admin lists when `limit` is not sent. */
export const PAGE_DEFAULT = 50

/** A whole-number query parameter between `min` and `max`, with a message naming it. */
export const intParam = (name: string, min: number, max: number) =>
  z
    .string()
    .regex(/^\d+$/, `${name} must be a whole number`)
    .transform(Number)
    .pipe(z.number().int().min(min, `${name} must be at least ${min}`).max(max, `${name} must be at most ${max}`))

/** `limit` (1–100, default 50) and `offset` of a paged list. */
export const pageQuery = z.object({
  limit: intParam('limit', 1, PAGE_MAX).default(PAGE_DEFAULT),
  offset: intParam('offset', 0, 1_000_000).default(0),
})

/** A search box's text: trimmed, at most 100 characters, '' meaning none. */
export const searchParam = z
  .string()
  .trim()
  .max(100, 'q must be at most 100 characters')
  .transform((q) => q || undefined)
  .optional()
