import { z } from './zod'

/** The contract's message for a BIN that is not 13 digits (api.md "Wholesale"). */
export const BIN_INVALID = 'Enter the 13-digit BIN.'

/**
 * A Business Identification Number (the VAT registration that prints on a Mushak-6.3 invoice):
 * 13 digits. The spaces and dashes people write between its groups (`000123456-0101`) are
 * dropped, so what is kept is the 13 digits alone.
 */
export const binField = () =>
  z
    .string({ error: BIN_INVALID })
    .transform((v) => v.replace(/[\s-]/g, ''))
    .refine((v) => /^\d{13}$/.test(v), { error: BIN_INVALID })
