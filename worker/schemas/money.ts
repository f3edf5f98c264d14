import { z } from './zod'

/** Whether `n` BDT is a whole number of paisa (at most 2 decimals, allowing binary fractions' noise). */
export const isWholePaisa = (n: number) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6

/**
 * Money on the wire: a JSON number of BDT, at least 0.01, with at most 2 decimals (so it is
 * a whole number of paisa, never one that rounds to 0). Strings are refused: a form turns
 * its text into a number first (`moneyFromFormText`).
 */
const moneySchema = (label: string) =>
  z
    .number({
      error: (iss) =>
        iss.input === undefined || iss.input === null || iss.input === ''
          ? `${label} is Required`
          : `${label} must be a number`,
    })
    .positive(`${label} must be more than 0`)
    .refine(isWholePaisa, `${label} can have at most 2 decimals`)
    .refine((n) => Math.round(n * 100) >= 1, `${label} must be at least 0.01`)

/** A unit price (a tool's `price`, a volume price), its messages naming `label`; capped: a typo of three zeros is caught. */
export const takaSchema = (label: string) => moneySchema(label).refine((n) => n <= 10_000_000, `${label} is too large`)

/** An order's total: no cap but the tool's price times its stock. */
export const TotalSchema = moneySchema('price')

/** An amount of money received (a bank transfer recorded by the desk). */
export const AmountSchema = moneySchema('amount')

/** A form field's text as money: '' is missing, a plain decimal its number, anything else stays text (and fails). */
export const moneyFromFormText = (v: unknown) => {
  if (typeof v !== 'string') return v
  const text = v.trim()
  if (text === '') return undefined
  return /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : v
}
