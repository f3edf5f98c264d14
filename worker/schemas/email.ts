import { z } from './zod'

/** Longest e-mail address accepted anywhere (RFC 5321 path limit). */
export const EMAIL_MAX = 254

/**
 * A required e-mail field: trimmed, at most 254 characters, a valid address; each form keeps
 * its own messages. Browser-safe (imports only zod).
 */
export const emailField = ({
  required,
  invalid,
  tooLong = invalid,
}: {
  required: string
  invalid: string
  tooLong?: string
}) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(EMAIL_MAX, tooLong)
    .pipe(z.email({ error: invalid }))
