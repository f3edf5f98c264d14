import { z } from './zod'

/** Longest e-mail address accepted anywhere (RFC 5321 path limit). */
export const EMAIL_MAX = 254

/**
 * An address a mail server takes: the local part in the characters RFC 5322 allows unquoted (no
 * dot first, last or twice), a domain of at least two labels, its ending letters or an
 * internationalised one in its ASCII form (Bangladesh's .বাংলা is `.xn--54b7fta0cc`). zod's default
 * takes letters only in the ending and fewer characters before the @.
 */
// NOTE: lookaheads only: a lookbehind is a syntax error in Safari before 16.4, which would break
// every form's code there.
const ADDRESS =
  /^(?!\.)(?!.*\.\.)(?!.*\.@)[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+(?:[A-Za-z]{2,63}|xn--[A-Za-z0-9-]{1,59})$/

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
    .pipe(z.email({ error: invalid, pattern: ADDRESS }))
