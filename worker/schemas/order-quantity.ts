import { MAX_ORDER_QUANTITY } from './cart-limits'
import { formatCount } from './number-text'
import { isWholePacks, packSizeMessage } from './unit-price'

/**
 * How many of a tool an order may hold, with the spec's messages, alone: the browser's cart prices
 * and checks its lines with it on pages whose code must not bring zod (order.ts, which holds the
 * schemas built on it, re-exports it). Imports nothing but unit-price.ts, number-text.ts and cart-limits.ts.
 */

/** The order form's limits, shared by the web form and the API. */
export const ORDER_LIMITS = { addressMin: 5, addressMax: 300, name: 80, maxQuantity: MAX_ORDER_QUANTITY } as const

/** The spec's order messages (section 5), word for word. */
export const orderMinimumMessage = (min: number) => `Please Order Minimum : ${min}`
export const orderLessThanMessage = (available: number) => `Please Order Less Then : ${available}`
export const QUANTITY_TOO_LARGE_MESSAGE = `One order can hold at most ${formatCount(ORDER_LIMITS.maxQuantity)}.`

/**
 * Why a whole number `quantity` of a tool cannot be ordered, or null: more than one order holds,
 * below the tool's minimum 'Please Order Minimum : {min}', not a whole number of packs 'Order in
 * packs of {n}' (api.md "Wholesale"), above what is available 'Please Order Less Then : {available}'
 * (the first that applies).
 */
export function quantityError(tool: { min: number; available: number; packSize?: number }, quantity: number) {
  const pack = tool.packSize ?? 1
  if (quantity > ORDER_LIMITS.maxQuantity) return QUANTITY_TOO_LARGE_MESSAGE
  if (quantity < tool.min) return orderMinimumMessage(tool.min)
  if (!isWholePacks(quantity, pack)) return packSizeMessage(pack)
  if (quantity > tool.available) return orderLessThanMessage(tool.available)
  return null
}
