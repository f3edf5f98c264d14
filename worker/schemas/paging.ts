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

/**
 * The C0 and C1 control characters and DEL (NUL, escape, line breaks, tabs…): no search box
 * types them, SQLite's full-text query parser refuses a NUL ("unterminated string").
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what it matches.
export const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/g

/**
 * A free-text query parameter (a search box's `q`, a slug): every control character reads as a
 * space (a pasted tab or line break separates words as one), then trimmed; at most `max`
 * characters, '' meaning none. The one place query text is cleaned (docs/api-extensions.md, General).
 */
export const textParam = (name: string, max = 100) =>
  z
    .string()
    .transform((text) => text.replace(CONTROL_CHARACTERS, ' ').trim())
    .pipe(z.string().max(max, `${name} must be at most ${max} characters`))
    .transform((text) => text || undefined)
    .optional()

/** A search box's text: {@link textParam} `q`. */
export const searchParam = textParam('q')
