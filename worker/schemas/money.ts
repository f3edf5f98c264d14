import { z } from './zod'

/**
 * Whether the number, as the JSON had it, has at most 2 decimals (money: a whole number of paisa).
 * Exact: `80.07` is the double nearest 80.07, which `toFixed(2)` gives back; `80.0000000001`
 * and a sum's noise (`0.30000000000000004`) are not. The contract allows 2 decimals, no more.
 */
export const atMostTwoDecimals = (n: number) => Number(n.toFixed(2)) === n

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
    .refine(atMostTwoDecimals, `${label} can have at most 2 decimals`)
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
