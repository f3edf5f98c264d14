/**
 * The cart's fixed words and limits. Imports nothing: the web app's tool cards and navbar use them,
 * and zod stays out of those pages (cart.ts, which re-exports them, holds the schemas).
 */

/** A cart line whose tool was withdrawn (deleted). */
export const TOOL_NOT_SOLD = 'This tool is no longer sold.'
/** How many of one tool an order (and so a cart line) holds: `ORDER_LIMITS.maxQuantity`. */
export const MAX_ORDER_QUANTITY = 1_000_000
/** How many tools a cart holds. */
export const CART_MAX_LINES = 50
/** The 51st line's refusal (409 `CART_FULL`). */
export const CART_FULL_MESSAGE = `Your cart holds ${CART_MAX_LINES} tools, the most it can. Check it out or remove a tool first.`
/**
 * The name a line of a withdrawn tool shows when the shop no longer knows it (the tool's row is gone
 * and nobody ever ordered it: docs/api-extensions.md, "Cart").
 */
export const WITHDRAWN_TOOL_NAME = 'Withdrawn tool'
