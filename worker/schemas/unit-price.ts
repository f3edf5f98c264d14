/**
 * Volume prices and pack sizes (api.md "Wholesale"): the one rule for what a unit costs at a
 * quantity, and the pack-size message. Imports nothing: the cart, checkout, `POST /api/booking`,
 * quotes and the web app's tool page and visitor cart all price with it.
 */
import { toPaisa } from './bdt'

/** A tool's prices in paisa: its list price and its volume prices (`minQuantity` rising, price falling). */
export type TieredPrice = {
  pricePaisa: number
  priceTiers: readonly { minQuantity: number; pricePaisa: number }[]
}

/**
 * The unit price in paisa of `quantity` units of `tool`: the price of the last tier whose
 * `minQuantity` ≤ quantity, else the tool's list price.
 */
export function unitPriceOf(tool: TieredPrice, quantity: number): number {
  let unit = tool.pricePaisa
  for (const tier of tool.priceTiers) if (tier.minQuantity <= quantity) unit = tier.pricePaisa
  return unit
}

/** A tool as the API answers it (BDT) as {@link unitPriceOf} takes it (paisa). */
export const tieredPriceOf = (tool: {
  price: number
  priceTiers?: readonly { minQuantity: number; price: number }[]
}): TieredPrice => ({
  pricePaisa: toPaisa(tool.price),
  priceTiers: (tool.priceTiers ?? []).map((t) => ({ minQuantity: t.minQuantity, pricePaisa: toPaisa(t.price) })),
})

/** At most this many volume prices a tool. */
export const PRICE_TIERS_MAX = 5

/** The refusal of a quantity that is not a whole number of packs (api.md, word for word). */
export const packSizeMessage = (packSize: number) => `Order in packs of ${packSize}`

/** Whether `quantity` is a whole number of packs of `packSize`. */
export const isWholePacks = (quantity: number, packSize: number) => quantity % packSize === 0
