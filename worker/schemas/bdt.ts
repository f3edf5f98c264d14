import { formatCount, twoDigits } from './number-text'

/**
 * Money in BDT: paisa in the database, taka on the wire, one format on screen, in e-mails and
 * receipts. Formats without `Intl` (see number-text.ts): the text `Intl.NumberFormat('en-BD')`
 * gives for BDT, to the paisa (tested against it). Imports nothing but number-text.ts.
 */
export const toPaisa = (taka: number) => Math.round(taka * 100)
export const toTaka = (paisa: number) => paisa / 100

/**
 * `taka` to the paisa as ICU rounds it: half away from zero on the number's shortest decimal
 * form (1.005 → 1.01, which `Math.round(1.005 * 100)` would make 1.00); the sign kept apart so
 * that -0.001 reads "-0.00" as it does there.
 */
function splitTaka(taka: number): { sign: string; whole: string; paisa: string } {
  const abs = Math.abs(taka)
  const decimal = String(abs)
  const paisa = decimal.includes('e') ? Math.round(abs * 100) : Math.round(Number(`${decimal}e2`))
  return {
    sign: taka < 0 || Object.is(taka, -0) ? '-' : '',
    whole: formatCount(Math.floor(paisa / 100)),
    paisa: twoDigits(paisa % 100),
  }
}

/** The one money format (e.g. "BDT 1,250.50", with a no-break space). */
export function formatBDT(taka: number): string {
  const { sign, whole, paisa } = splitTaka(taka)
  return `${sign}BDT\u00a0${whole}.${paisa}`
}

/** The same amount without the currency, for the columns of a table headed in BDT ("1,250.50"). */
export function formatBDTAmount(taka: number): string {
  const { sign, whole, paisa } = splitTaka(taka)
  return `${sign}${whole}.${paisa}`
}
