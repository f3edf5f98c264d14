import { CART_MAX_LINES } from './cart-limits'
import { ORDER_LIMITS, QUANTITY_TOO_LARGE_MESSAGE } from './order-quantity'
import { z } from './zod'

export { CART_FULL_MESSAGE, CART_MAX_LINES, TOOL_NOT_SOLD, WITHDRAWN_TOOL_NAME } from './cart-limits'

// ─── Answers ────────────────────────────────────────────────────────────────────────────

/** One line of a cart as the API answers it (the wire's names: a tool is a `service`). */
export const CartLineSchema = z.object({
  serviceId: z.string(),
  /** The tool's name. */
  service: z.string(),
  img: z.string(),
  quantity: z.number().int(),
  /** BDT for one unit at this quantity: the volume price when a tier applies, else the tool's price. */
  unitPrice: z.number(),
  /** Extension (docs/api-extensions.md): the tool's list price, so the saving shows. */
  listUnitPrice: z.number(),
  /** quantity × unitPrice, in BDT. */
  price: z.number(),
  /** The tool's stock now. */
  available: z.number().int(),
  Minimum_quantity: z.number().int(),
  packSize: z.number().int(),
  /** Why the line cannot be checked out as it is, or null. */
  error: z.string().nullable(),
})
export type CartLine = z.infer<typeof CartLineSchema>

/** `GET /api/cart` and the answer of every cart write: the lines in the order they were added. */
export const CartSchema = z.object({
  lines: z.array(CartLineSchema),
  /** The goods: the sum of the lines' prices, in BDT. */
  price: z.number(),
  /** How many lines (tools) the cart holds. */
  count: z.number().int(),
})
export type Cart = z.infer<typeof CartSchema>

// ─── Requests ───────────────────────────────────────────────────────────────────────────

const QUANTITY_REQUIRED = 'Enter how many you want to order.'

/** A quantity on the wire: a whole JSON number, at least `min`. */
const wireQuantity = (min: number, tooSmall: string) =>
  z
    .number({ error: (iss) => (iss.input === undefined ? QUANTITY_REQUIRED : 'quantity must be a number') })
    .int('Enter a whole number.')
    .min(min, tooSmall)
    .max(ORDER_LIMITS.maxQuantity, QUANTITY_TOO_LARGE_MESSAGE)

/** The tool of a cart route's path (`/api/cart/{serviceId}`). */
export const CartToolParamSchema = z.object({
  serviceId: z.string().min(1, 'serviceId is Required').max(64, 'No such tool.'),
})

/**
 * `PUT /api/cart/{serviceId}`: the line's new quantity; 0 removes it. Whether it suits the tool
 * (its minimum, its stock) is checked against the tool as stored, with the spec's messages.
 */
export const CartQuantityInputSchema = z.object({
  quantity: wireQuantity(0, 'Enter 0 or more: 0 removes the tool from the cart.'),
})

/** A line of a visitor's browser cart, as it is kept in the browser and sent to the merge. */
export const CartLineInputSchema = z.object({
  serviceId: z.string({ error: 'serviceId is Required' }).min(1, 'serviceId is Required').max(64, 'No such tool.'),
  quantity: wireQuantity(1, 'quantity must be at least 1'),
})
export type CartLineInput = z.infer<typeof CartLineInputSchema>

/** `POST /api/cart/merge`: a visitor's browser cart, at most 50 lines. */
export const CartMergeInputSchema = z.object({
  lines: z
    .array(CartLineInputSchema, { error: 'lines must be a list of {serviceId, quantity}' })
    .max(CART_MAX_LINES, `A cart holds at most ${CART_MAX_LINES} tools.`),
})
