/**
 * VAT (api.md "VAT and tax documents"): prices include it. Rates are kept in basis points
 * (15% = 1500) so every sum is integer paisa. Imports nothing: the web app shares it.
 */

/** The rates a tool may have, in percent. */
export const VAT_RATES = [0, 5, 7.5, 10, 15] as const
/** Delivery carries 15%. */
export const DELIVERY_VAT_BP = 1500

export const vatBp = (percent: number) => Math.round(percent * 100)
export const vatPercent = (bp: number) => bp / 100

/**
 * The VAT contained in a price that includes it: price × rate ÷ (100 + rate), rounded to the
 * paisa half away from zero. Integer arithmetic only (BigInt: a line of a million units can
 * pass 2^53 once multiplied): (2 × price × rate + divisor) div (2 × divisor), mirrored for a
 * negative price.
 */
export function vatIncludedPaisa(pricePaisa: number, rateBp: number): number {
  const divisor = 10_000n + BigInt(rateBp)
  const magnitude = (2n * BigInt(Math.abs(pricePaisa)) * BigInt(rateBp) + divisor) / (2n * divisor)
  return pricePaisa < 0 ? -Number(magnitude) : Number(magnitude)
}
