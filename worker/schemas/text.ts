import { z } from './zod'

/**
 * White space (ASCII and Unicode) and the invisible format characters: zero-width spaces and
 * joiners, bidi marks and embeddings, word joiners, the BOM, the soft hyphen.
 */
export const UNSEEN_CHARACTERS = /[\s\u00ad\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u206a-\u206f\ufeff]/gu

/** True when `text` shows at least one visible character. */
export const hasVisibleText = (text: string) => text.replace(UNSEEN_CHARACTERS, '').length > 0

/**
 * A required text field: trimmed, and text of only white space or invisible characters
 * counts as missing (`required`). At most `max` characters (`tooLong`).
 */
export const requiredText = (required: string, max: number, tooLong: string) =>
  z
    .string({ error: required })
    .trim()
    .refine(hasVisibleText, { error: required })
    .refine((s) => s.length <= max, { error: tooLong })
