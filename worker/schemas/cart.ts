import { bookingQuantitySchema } from './booking'

/** A cart line whose tool was withdrawn (deleted). */
export const TOOL_NOT_SOLD = 'This tool is no longer sold.'
/** How many tools a cart holds. */
export const CART_MAX_LINES = 50

/**
 * Why a line of `quantity` of `tool` cannot be checked out as it is, or null: the tool was
 * withdrawn, or the spec's order messages (below the minimum, more than the stock).
 */
export function cartLineError(
  tool: { quantity: number; minimumQuantity: number } | undefined,
  quantity: number,
): string | null {
  if (!tool) return TOOL_NOT_SOLD
  const parsed = bookingQuantitySchema({ min: tool.minimumQuantity, available: tool.quantity }).safeParse(quantity)
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Invalid quantity')
}
