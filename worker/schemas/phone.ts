import { z } from './zod'

/**
 * The shop's one phone rule, for the profile and the order form alike: a number someone can
 * call about a delivery, as people write it. 6 to 20 digits (short local lines to long
 * international numbers with an extension), written with spaces, dashes, dots or brackets,
 * and a + in front for the country code. Kept as typed (trimmed): we cannot know every
 * country's format, and a courier reads it as the customer wrote it.
 */
export const PHONE_LIMITS = { minDigits: 6, maxDigits: 20, maxLength: 30 } as const

export const PHONE_REQUIRED = 'Enter your phone number.'
export const PHONE_INVALID = `Enter a phone number of ${PHONE_LIMITS.minDigits} to ${PHONE_LIMITS.maxDigits} digits; spaces, dashes, dots, brackets and a leading + are fine.`

const PHONE_CHARACTERS = /^\+?[0-9 .()-]+$/

/** Whether `value` (trimmed) is a phone number by the shop's rule. */
export function isPhoneNumber(value: string): boolean {
  if (value.length > PHONE_LIMITS.maxLength || !PHONE_CHARACTERS.test(value)) return false
  const digits = value.replace(/\D/g, '').length
  return digits >= PHONE_LIMITS.minDigits && digits <= PHONE_LIMITS.maxDigits
}

/**
 * A phone field. `required`: the order form's, where a number must be given; otherwise the
 * profile's, where '' clears it.
 */
export const phoneField = ({ required }: { required: boolean }) =>
  z
    .string({ error: required ? PHONE_REQUIRED : PHONE_INVALID })
    .trim()
    .refine((v) => !required || v !== '', { error: PHONE_REQUIRED, abort: true })
    .refine((v) => v === '' || isPhoneNumber(v), { error: PHONE_INVALID })
